import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_RESET_INVALID_MESSAGE, passwordResetBody } from '@alumnet/contract';
import { NewPasswordForm } from '../../../components/new-password-form';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { firstProblem, passwordResetQuery, useResetPassword } from '../api/auth';
import { AuthCard } from './auth-card';

/** `/reset-password/:token`, the link from the reset e-mail or SMS: a new password, then in. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const status = useQuery(passwordResetQuery(token));

  return (
    <AuthCard title="Choose a new password">
      {status.data?.valid ? (
        <ResetForm token={token} />
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

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword(token);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending) return;
    const found = firstProblem(passwordResetBody, { newPassword, confirmPassword });
    setProblem(found);
    if (found) return;
    try {
      await reset.mutateAsync({ newPassword, confirmPassword });
      notify.success('Your new password is saved.');
      await navigate(paths.dashboard);
    } catch (error) {
      // A refused password keeps the link; a used or expired one says to ask again.
      setProblem((error as Error).message);
    }
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Your other devices are signed out once it is saved.
      </Text>
      <NewPasswordForm
        newPassword={newPassword}
        confirmPassword={confirmPassword}
        onNewPassword={setNewPassword}
        onConfirmPassword={setConfirmPassword}
        onSubmit={save}
        problem={problem}
        pending={reset.isPending}
        submitLabel="Save and log in"
      />
      {problem === PASSWORD_RESET_INVALID_MESSAGE && (
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.forgotPassword}>
            Ask for a new link
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
