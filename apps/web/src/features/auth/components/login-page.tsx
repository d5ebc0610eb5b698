import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginBody } from '@alumnet/contract';
import { NewPasswordForm } from '../../../components/new-password-form';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useTakenOver } from '../../../lib/use-taken-over';
import { firstProblem, useLogin, useSetPassword } from '../api/auth';
import { AuthCard } from './auth-card';
import { SsoButtons } from './sso-buttons';

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const takenOver = useTakenOver();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  // The account holds a one-time password: it must be replaced before going on.
  const [setNewPassword, setSetNewPassword] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = firstProblem(loginBody, { userName, password });
    if (problem) return void notify.error(problem);
    try {
      const user = await login.mutateAsync({ userName, password });
      // The second step comes first: until it passes, the session may do nothing else.
      if (user.mfa) await navigate(paths.loginVerify);
      else if (user.mustChangePassword) setSetNewPassword(true);
      else await navigate(paths.dashboard);
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  if (setNewPassword) return <SetNewPasswordForm />;
  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back! Log in with the e-mail or phone you signed up with."
    >
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email or phone"
            name="userName"
            autoComplete="username"
            value={userName}
            onChange={(e) => setUserName(e.currentTarget.value)}
          />
          <Stack gap={4}>
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.forgotPassword} size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" loading={!takenOver || login.isPending} fullWidth size="md">
            Log in
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.signup}>
              Don't have an account?
            </Anchor>
          </Text>
        </Stack>
      </form>
      <SsoButtons />
    </AuthCard>
  );
}

/** Also /login/verify's, for an account that passed its second step with a one-time password. */
export function SetNewPasswordForm() {
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  return (
    <AuthCard
      title="Set New Password"
      subtitle="Replace the one-time password from your approval e-mail with your own."
    >
      <NewPasswordForm
        submitLabel="Save"
        onSave={async (body) => {
          await setPassword.mutateAsync(body);
          notify.success('Your new password is saved.');
          await navigate(paths.dashboard);
        }}
      />
    </AuthCard>
  );
}
