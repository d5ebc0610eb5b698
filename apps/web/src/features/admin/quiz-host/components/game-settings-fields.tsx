import { QUIZ, gameSettings, type GameSettings } from '@alumnet/contract';
import { Group, NumberInput, Radio, Stack, Switch } from '@mantine/core';

/** The scoring form as typed: number inputs hold '' while empty. */
export interface SettingsDraft {
  speedScoring: boolean;
  streakBonus: boolean;
  podiumSize: number | string;
  teamMode: 'off' | 'auto' | 'players';
  teamCount: number | string;
}

export const defaultSettingsDraft = (): SettingsDraft => ({
  speedScoring: true,
  streakBonus: false,
  podiumSize: QUIZ.minPodium,
  teamMode: 'off',
  teamCount: QUIZ.minTeams,
});

const asNumber = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** The contract's judgement of the form: the settings to send, or its messages by field. */
export function readSettings(
  draft: SettingsDraft,
): { settings: GameSettings; errors: null } | { settings: null; errors: Record<string, string> } {
  const parsed = gameSettings.safeParse({
    speedScoring: draft.speedScoring,
    streakBonus: draft.streakBonus,
    podiumSize: asNumber(draft.podiumSize),
    teams:
      draft.teamMode === 'off'
        ? null
        : { count: asNumber(draft.teamCount), choose: draft.teamMode },
  });
  if (parsed.success) return { settings: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  // An empty number input reads as "expected number": say what the field wants instead.
  if (errors.podiumSize && Number.isNaN(asNumber(draft.podiumSize)))
    errors.podiumSize = `The podium shows ${QUIZ.minPodium} to ${QUIZ.maxPodium} places`;
  if (errors['teams.count'] && Number.isNaN(asNumber(draft.teamCount)))
    errors['teams.count'] = `Play with ${QUIZ.minTeams} to ${QUIZ.maxTeams} teams`;
  return { settings: null, errors };
}

/** Speed scoring, streaks, the podium's places and (for a live game) teams. */
export function GameSettingsFields({
  draft,
  errors,
  onChange,
  withTeams,
}: {
  draft: SettingsDraft;
  errors: Record<string, string>;
  onChange: (next: SettingsDraft) => void;
  /** Teams are for live games only. */
  withTeams: boolean;
}) {
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    onChange({ ...draft, [key]: value });
  return (
    <Stack gap="md">
      <Switch
        label="Speed scoring"
        description={`Faster right answers earn more, up to ${QUIZ.fullPoints}. Off: every right answer earns ${QUIZ.fullPoints}.`}
        checked={draft.speedScoring}
        onChange={(e) => set('speedScoring', e.currentTarget.checked)}
      />
      <Switch
        label="Streak bonus"
        description={`+${QUIZ.streakStep} for each right answer in a row, up to +${QUIZ.streakMax}.`}
        checked={draft.streakBonus}
        onChange={(e) => set('streakBonus', e.currentTarget.checked)}
      />
      <NumberInput
        label="Podium places"
        description="How many places the final results show"
        value={draft.podiumSize}
        onChange={(value) => set('podiumSize', value)}
        error={errors.podiumSize}
        min={QUIZ.minPodium}
        max={QUIZ.maxPodium}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        w={200}
      />
      {withTeams && (
        <Stack gap="xs">
          <Radio.Group
            label="Teams"
            value={draft.teamMode}
            onChange={(value) => set('teamMode', value as SettingsDraft['teamMode'])}
          >
            <Group gap="md" mt={4}>
              <Radio value="off" label="No teams" />
              <Radio value="auto" label="Place players in teams" />
              <Radio value="players" label="Players pick their team" />
            </Group>
          </Radio.Group>
          {draft.teamMode !== 'off' && (
            <NumberInput
              label="Number of teams"
              description="A team scores the mean of its members' points."
              value={draft.teamCount}
              onChange={(value) => set('teamCount', value)}
              error={errors['teams.count'] ?? errors.teams}
              min={QUIZ.minTeams}
              max={QUIZ.maxTeams}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              w={200}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
