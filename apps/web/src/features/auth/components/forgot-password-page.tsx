import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { passwordResetRequestBody } from '@alumnet/contract';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useTakenOver } from '../../../lib/use-taken-over';
import { firstProblem, useRequestPasswordReset } from '../api/auth';
import { AuthCard } from './auth-card';

/** `/forgot-password`: asks for a link to choose a new password, by e-mail or SMS. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const takenOver = useTakenOver();
  const [userName, setUserName] = useState('');
  // The server's words, the same whether or not the address has an account.
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    const problem = firstProblem(passwordResetRequestBody, { userName });
    if (problem) return void notify.error(problem);
    try {
      setSent((await request.mutateAsync({ userName })).message);
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter the e-mail or phone you log in with. We send a link to choose a new password to it."
    >
      {sent ? (
        <Stack gap="md">
          <Alert color="blue" icon={<IconMailForward size={18} />} role="status">
            {sent}
          </Alert>
          <Text size="sm">
            Nothing arrived? Check your spam folder, or{' '}
            <Anchor component="button" type="button" onClick={() => setSent(null)}>
              try again
            </Anchor>{' '}
            in a minute.
          </Text>
        </Stack>
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email or phone"
              name="userName"
              autoComplete="username"
              value={userName}
              onChange={(e) => setUserName(e.currentTarget.value)}
            />
            <Button type="submit" loading={!takenOver || request.isPending} fullWidth size="md">
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login}>
          Back to log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
