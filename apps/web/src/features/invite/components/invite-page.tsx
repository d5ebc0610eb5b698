import {
  acceptInvitationBody,
  INVITATION_INVALID_MESSAGE,
  type InvitationAnswer,
} from '@alumnet/contract';
import { Alert, Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Logo } from '../../../components/logo';
import { NewPasswordForm } from '../../../components/new-password-form';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { invitationQuery, useAcceptInvitation } from '../api/invitation';

/** `/invite/:token` (PRODUCT.md "Member life cycle"): an invited alumnus sets a password. */
export function InvitePage() {
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));
  const refused =
    invitation.error instanceof ApiRequestError &&
    invitation.error.status >= 400 &&
    invitation.error.status < 500;

  return (
    <Frame>
      {invitation.data ? (
        <AcceptForm token={token} invitation={invitation.data} />
      ) : invitation.isError ? (
        <Stack gap="md">
          <Title order={2}>Invitation</Title>
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refused ? INVITATION_INVALID_MESSAGE : invitation.error.message}
          </Alert>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading invitation" />
        </Center>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }} px="md">
      <Stack w="100%" maw={480} mx="auto" gap="lg">
        <Center>
          <Anchor component={Link} to={paths.home} underline="never" aria-label="Alumnet home">
            <Logo />
          </Anchor>
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationAnswer }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (accept.isPending) return;
    // The same rules as Set New Password, from the contract.
    const checked = acceptInvitationBody.safeParse({ newPassword, confirmPassword });
    if (!checked.success) {
      return setProblem(checked.error.issues[0]?.message ?? 'Please check the form');
    }
    setProblem(null);
    try {
      await accept.mutateAsync(checked.data);
      notify.success(`Welcome to ${invitation.collegeName} on Alumnet!`);
      await navigate(paths.dashboard);
    } catch (error) {
      setProblem(
        error instanceof ApiRequestError && (error.status === 404 || error.status === 410)
          ? INVITATION_INVALID_MESSAGE
          : (error as Error).message,
      );
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={6} align="flex-start">
        <IconMailOpened size={32} stroke={1.5} color="var(--mantine-color-blue-6)" />
        <Title order={2} size="h3">
          Welcome, {invitation.fullName}!
        </Title>
        <Text c="dimmed" size="sm">
          {invitation.collegeName} invited you to Alumnet. Choose a password to finish setting up
          your account ({invitation.email}).
        </Text>
      </Stack>
      <NewPasswordForm
        newPassword={newPassword}
        confirmPassword={confirmPassword}
        onNewPassword={setNewPassword}
        onConfirmPassword={setConfirmPassword}
        onSubmit={submit}
        problem={problem}
        pending={accept.isPending}
        submitLabel="Set password and sign in"
      />
    </Stack>
  );
}
