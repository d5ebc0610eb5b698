import { INVITATION_INVALID_MESSAGE, type InvitationAnswer } from '@alumnet/contract';
import { Alert, Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
        submitLabel="Set password and sign in"
        onSave={async (body) => {
          await accept.mutateAsync(body);
          notify.success(`Welcome to ${invitation.collegeName} on Alumnet!`);
          await navigate(paths.dashboard);
        }}
        explain={(error) =>
          error instanceof ApiRequestError && (error.status === 404 || error.status === 410)
            ? INVITATION_INVALID_MESSAGE
            : (error as Error).message
        }
      />
    </Stack>
  );
}
