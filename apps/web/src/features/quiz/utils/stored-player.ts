/** What survives a refreshed page: the game and who plays it (sessionStorage: this tab only). */
export interface StoredPlayer {
  code: string;
  player_id: string;
  name: string;
}

const KEY = 'alumnet.quiz.player';

export function readStoredPlayer(): StoredPlayer | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (
      value &&
      typeof value === 'object' &&
      'code' in value &&
      'player_id' in value &&
      'name' in value &&
      typeof value.code === 'string' &&
      typeof value.player_id === 'string' &&
      typeof value.name === 'string'
    ) {
      return { code: value.code, player_id: value.player_id, name: value.name };
    }
  } catch {
    // A damaged entry is the same as none: the player enters the code again.
  }
  return null;
}

export const storePlayer = (player: StoredPlayer) =>
  sessionStorage.setItem(KEY, JSON.stringify(player));

export const forgetPlayer = () => sessionStorage.removeItem(KEY);
