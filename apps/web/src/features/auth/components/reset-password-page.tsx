import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_RESET_INVALID_MESSAGE } from '@alumnet/contract';
import { NewPasswordForm } from '../../../components/new-password-form';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { passwordResetQuery, useResetPassword } from '../api/auth';
import { AuthCard } from './auth-card';

/** `/reset-password/:token`, the link from the reset e-mail or SMS: a new password, then in. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const status = useQuery(passwordResetQuery(token));

  return (
    <AuthCard title="Choose a new password">
      {status.data?.valid ? (
        <ResetForm token={token} onLinkGone={() => void status.refetch()} />
      ) : status.data || status.isError ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {status.data ? PASSWORD_RESET_INVALID_MESSAGE : status.error?.message}
          </Alert>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.forgotPassword}>
              Ask for a new link
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label="Checking the link" />
        </Center>
      )}
    </AuthCard>
  );
}

function ResetForm({ token, onLinkGone }: { token: string; onLinkGone: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword(token);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Your other devices are signed out once it is saved.
      </Text>
      <NewPasswordForm
        submitLabel="Save and log in"
        onSave={async (body) => {
          try {
            await reset.mutateAsync(body);
          } catch (error) {
            // A refused password keeps the link; a used or expired one turns the page into
            // "ask for a new link".
            if ((error as Error).message === PASSWORD_RESET_INVALID_MESSAGE) onLinkGone();
            throw error;
          }
          notify.success('Your new password is saved.');
          await navigate(paths.dashboard);
        }}
      />
    </Stack>
  );
}
