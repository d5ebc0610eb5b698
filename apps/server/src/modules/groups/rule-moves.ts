import type { Executor } from '../../db/client';
import type { Realtime } from '../../realtime/chat-gateway';
import { groupRoom } from '../../realtime/rooms';
import { memberGroupIds } from './access';

/**
 * The users triggers (migration 0008) move a member between automatic groups inside the
 * statement that changes their profile; the member's open connections must follow after commit,
 * or a member who moved city would keep hearing the old chapter's chat until they reconnect.
 * A path that changes rule fields reads `automaticGroupsOf` before and after its update and hands
 * both to `followRuleMoves` once committed.
 */
export const automaticGroupsOf = (db: Executor, userId: string) =>
  memberGroupIds(db, userId, 'automatic');

export interface RuleMoves {
  joined: string[];
  left: string[];
}

export const ruleMoves = (before: readonly string[], after: readonly string[]): RuleMoves => ({
  joined: after.filter((id) => !before.includes(id)),
  left: before.filter((id) => !after.includes(id)),
});

export function followRuleMoves(
  live: Pick<Realtime, 'joinRoom' | 'leaveRoom' | 'sendToUsers'>,
  userId: string,
  moves: RuleMoves,
) {
  for (const groupId of moves.joined) live.joinRoom([userId], groupRoom(groupId));
  for (const groupId of moves.left) {
    live.leaveRoom([userId], groupRoom(groupId));
    live.sendToUsers([userId], 'groupAccessEnded', { groupId });
  }
}
