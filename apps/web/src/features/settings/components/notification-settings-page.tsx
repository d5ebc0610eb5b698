import {
  EMAIL_CHOICES,
  type EmailChoice,
  type NotificationKind,
  type NotificationPreference,
  type PreferencesBody,
} from '@alumnet/contract';
import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { isAdmin, meQuery } from '../../../lib/session';
import { useTakenOver } from '../../../lib/use-taken-over';
import { preferencesQuery, useSavePreferences } from '../api/preferences';
import { EMAIL_LABELS, KIND_TEXTS } from './kinds';
import classes from './notification-settings.module.css';
import { LoadFailed } from '../../../components/load-failed';

type Preferences = Record<NotificationKind, NotificationPreference>;

/** KIND_TEXTS lists every kind, in the order the page shows them (like things together). */
const KIND_ORDER = Object.keys(KIND_TEXTS) as NotificationKind[];
const EMAIL_OPTIONS = EMAIL_CHOICES.map((value) => ({ value, label: EMAIL_LABELS[value] }));

/** `/settings/notifications` (issue 26): for each kind, in the app on or off, and e-mail how. */
export function NotificationSettingsPage() {
  return (
    <MemberLayout>
      <NotificationSettings />
    </MemberLayout>
  );
}

function NotificationSettings() {
  const { data } = useSuspenseQuery(meQuery);
  const query = useQuery(preferencesQuery);
  // In KIND_TEXTS' order; sign-ups waiting concern admins only.
  const kinds = KIND_ORDER.filter((k) => k !== 'signups_waiting' || isAdmin(data.user));

  return (
    <Box maw={760} mx="auto">
      <Anchor component={Link} to={paths.notifications} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} />
          Notifications
        </Group>
      </Anchor>
      <Title order={1} size="h3" mt="xs">
        Notification settings
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Choose what you hear about in the app and by e-mail. Digests arrive in your morning.
      </Text>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {query.data ? (
          <PreferencesForm
            // A saved answer starts the form again from what is stored.
            key={query.dataUpdatedAt}
            saved={query.data.preferences}
            kinds={kinds}
          />
        ) : query.error ? (
          <LoadFailed
            title="Your settings could not be loaded"
            error={query.error}
            retry={() => void query.refetch()}
          />
        ) : (
          <Stack gap="lg" aria-busy aria-label="Loading your settings">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={48} />
            ))}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}

/** The kinds whose choice differs from what is stored: what the PUT sends. */
export function changedPreferences(
  saved: Preferences,
  form: Preferences,
  kinds: readonly NotificationKind[],
): PreferencesBody['preferences'] {
  const changed: PreferencesBody['preferences'] = {};
  for (const kind of kinds) {
    const before = saved[kind];
    const now = form[kind];
    if (before.inApp !== now.inApp || before.email !== now.email) changed[kind] = now;
  }
  return changed;
}

function PreferencesForm({
  saved,
  kinds,
}: {
  saved: Preferences;
  kinds: readonly NotificationKind[];
}) {
  const [form, setForm] = useState<Preferences>(saved);
  const takenOver = useTakenOver();
  const save = useSavePreferences();

  const set = (kind: NotificationKind, change: Partial<NotificationPreference>) =>
    setForm((current) => ({ ...current, [kind]: { ...current[kind], ...change } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const preferences = changedPreferences(saved, form, kinds);
    if (Object.keys(preferences).length === 0) {
      notify.info('Nothing has changed.');
      return;
    }
    try {
      await save.mutateAsync({ preferences });
    } catch (error) {
      notify.error((error as Error).message);
      return;
    }
    notify.success('Your notification settings are saved.');
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap={0}>
        {kinds.map((kind) => (
          // The rule between rows is the wrapper's: a fieldset's border runs through its legend.
          <div key={kind} className={classes.row}>
            <fieldset className={classes.fieldset}>
              <legend className={classes.legend}>{KIND_TEXTS[kind].label}</legend>
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Text size="sm" c="dimmed" className={classes.description}>
                  {KIND_TEXTS[kind].description}
                </Text>
                <Group gap="md" wrap="nowrap" align="center" className={classes.controls}>
                  <Switch
                    name={`${kind}.inApp`}
                    label="In the app"
                    classNames={{ root: classes.switch, label: classes.nowrap }}
                    checked={form[kind].inApp}
                    onChange={(e) => set(kind, { inApp: e.currentTarget.checked })}
                  />
                  <Select
                    name={`${kind}.email`}
                    label="E-mail"
                    aria-label={`E-mail for ${KIND_TEXTS[kind].label.toLowerCase()}`}
                    data={EMAIL_OPTIONS}
                    value={form[kind].email}
                    onChange={(value) => value && set(kind, { email: value as EmailChoice })}
                    allowDeselect={false}
                    size="sm"
                    classNames={{
                      root: classes.email,
                      label: classes.emailLabel,
                      wrapper: classes.emailInput,
                    }}
                  />
                </Group>
              </Group>
            </fieldset>
          </div>
        ))}
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={!takenOver || save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
