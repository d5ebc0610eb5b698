import { changePasswordBody, type ChangePasswordBody, type SessionView } from '@alumnet/contract';
import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MemberLayout } from '../../../components/member-layout';
import { notify } from '../../../lib/notify';
import { postTime, postTimeFull, useTimeZone } from '../../../lib/time-zone';
import { useTakenOver } from '../../../lib/use-taken-over';
import {
  sessionsQuery,
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
} from '../api/security';
import { SecondFactorsSection } from './second-factors';
import { LoadFailed } from '../../../components/load-failed';

/** `/settings/security` (issue 30): where I am signed in, my second factors, my password. */
export function SecurityPage() {
  return (
    <MemberLayout>
      <Box maw={760} mx="auto">
        <Title order={1} size="h3">
          Security
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          See where you are signed in, protect your account with a second factor, and change your
          password.
        </Text>
        <Stack gap="lg">
          <Section title="Where you're signed in">
            <Sessions />
          </Section>
          {/* A card with its own heading, as the other sections. */}
          <SecondFactorsSection />
          <Section title="Password">
            <PasswordForm />
          </Section>
        </Stack>
      </Box>
    </MemberLayout>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** 'Just now' and 'Yesterday' read lower case after "Last seen". */
function lastSeen(iso: string | null, timeZone?: string) {
  if (!iso) return 'Not seen yet';
  const when = postTime(iso, new Date(), timeZone);
  return `Last seen ${when === 'Just now' || when === 'Yesterday' ? when.toLowerCase() : when}`;
}

function Sessions() {
  const query = useQuery(sessionsQuery);
  const endOthers = useEndOtherSessions();

  if (query.error)
    return (
      <LoadFailed
        title="Your sessions could not be loaded"
        error={query.error}
        retry={() => void query.refetch()}
      />
    );
  if (!query.data)
    return (
      <Stack gap="sm" aria-busy aria-label="Loading your sessions">
        {[0, 1].map((row) => (
          <Skeleton key={row} height={48} />
        ))}
      </Stack>
    );

  const sessions = query.data.sessions;
  const others = sessions.filter((s) => !s.current).length;
  async function signOutOthers() {
    try {
      const answer = await endOthers.mutateAsync();
      notify.success(answer.message);
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  return (
    <Stack gap="sm">
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sessions.map((session) => (
          <SessionRow key={session._id} session={session} />
        ))}
      </Stack>
      {others > 0 && (
        <Group justify="flex-end">
          <Button variant="light" color="red" loading={endOthers.isPending} onClick={signOutOthers}>
            Sign out everywhere else
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SessionRow({ session }: { session: SessionView }) {
  const timeZone = useTimeZone();
  const end = useEndSession();
  async function signOut() {
    try {
      const answer = await end.mutateAsync(session._id);
      notify.success(answer.message);
    } catch (error) {
      notify.error((error as Error).message);
    }
  }
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <IconDeviceDesktop size={22} aria-hidden />
        <div>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {session.browser}
            </Text>
            {session.current && (
              <Badge size="sm" variant="light" color="green">
                This device
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {session.place ?? 'Place unknown'} ·{' '}
            <time
              dateTime={session.lastSeenAt ?? session.createdAt}
              title={postTimeFull(session.lastSeenAt ?? session.createdAt, timeZone)}
            >
              {lastSeen(session.lastSeenAt ?? session.createdAt, timeZone)}
            </time>
          </Text>
        </div>
      </Group>
      {!session.current && (
        <Button
          size="xs"
          variant="default"
          loading={end.isPending}
          onClick={signOut}
          aria-label={`Sign out ${session.browser}`}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}

type Field = keyof ChangePasswordBody;
const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const takenOver = useTakenOver();
  const change = useChangePassword();
  const [form, setForm] = useState<ChangePasswordBody>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordBody.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await change.mutateAsync(parsed.data);
      notify.success(answer.message);
      setForm(EMPTY);
    } catch (error) {
      const message = (error as Error).message;
      if (/current password/i.test(message)) setErrors({ currentPassword: message });
      else notify.error(message);
    }
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordInput
      name={name}
      label={label}
      autoComplete={autoComplete}
      value={form[name]}
      error={errors[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setForm((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        {field('currentPassword', 'Current Password', 'current-password')}
        {field('newPassword', 'New Password', 'new-password')}
        {field('confirmPassword', 'Confirm New Password', 'new-password')}
        <Text size="xs" c="dimmed">
          Your other sessions are signed out when the password changes; this one stays.
        </Text>
        <Group>
          <Button type="submit" loading={!takenOver || change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
