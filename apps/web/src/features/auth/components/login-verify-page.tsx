import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { totpVerifyBody } from '@alumnet/contract';
import { paths } from '../../../config/paths';
import { meQuery } from '../../../lib/session';
import { useTakenOver } from '../../../lib/use-taken-over';
import { firstProblem } from '../api/auth';
import { usePasskeySignIn, useRefreshMe, useVerifyCode } from '../api/mfa';
import { AuthCard } from './auth-card';
import { SetNewPasswordForm } from './login-page';
import { RecoveryCodes, TotpEnrol } from './totp-enrol';

/**
 * /login/verify (issue 30): after the password, a session with a second factor confirms it (an
 * authenticator code, a passkey or a recovery code); an admin without one sets one up here.
 */
export function LoginVerifyPage() {
  const { data } = useSuspenseQuery(meQuery);
  const refreshMe = useRefreshMe();
  // Kept past the moment the session passes: the codes are shown before going on.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes)
    return (
      <AuthCard title="Recovery codes" subtitle="Your second factor is set up.">
        <RecoveryCodes
          codes={recoveryCodes}
          onContinue={() => void refreshMe().then(() => setRecoveryCodes(null))}
        />
      </AuthCard>
    );
  // Passed: a one-time password from an approval e-mail is replaced first, as at login.
  if (data.user)
    return data.user.mustChangePassword ? (
      <SetNewPasswordForm />
    ) : (
      <Navigate to={paths.dashboard} replace />
    );
  if (!data.mfa) return <Navigate to={paths.login} replace />;
  if (data.mfa === 'enrol')
    return (
      <AuthCard
        title="Set up a second factor"
        subtitle="Admins need a second factor to sign in: a code from an authenticator app, on top of the password."
      >
        <TotpEnrol refresh={false} onDone={setRecoveryCodes} />
      </AuthCard>
    );
  // Once passed, the session's answer changes and this page moves on by itself.
  return <VerifyForm />;
}

function VerifyForm() {
  const verify = useVerifyCode();
  const passkey = usePasskeySignIn();
  const takenOver = useTakenOver();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  // Said beside the field: the person is looking at it, typing the next try.
  const [problem, setProblem] = useState<string | null>(null);

  async function attempt(call: () => Promise<unknown>) {
    setProblem(null);
    try {
      await call();
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = firstProblem(totpVerifyBody, { code });
    if (invalid) return void setProblem(invalid);
    void attempt(() => verify.mutateAsync(code));
  }

  return (
    <AuthCard
      title="Confirm it is you"
      subtitle={
        recovery
          ? 'Enter one of the recovery codes you saved. Each works once.'
          : 'Enter the 6-digit code from your authenticator app'
      }
    >
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            key={recovery ? 'recovery' : 'totp'}
            label={recovery ? 'Recovery code' : 'Authenticator code'}
            name="code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Button type="submit" loading={!takenOver || verify.isPending} fullWidth size="md">
            Verify
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <Stack gap="xs">
        <Button
          variant="default"
          onClick={() => void attempt(() => passkey.mutateAsync())}
          loading={passkey.isPending}
          fullWidth
        >
          Use a passkey
        </Button>
        <Group justify="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setProblem(null);
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          Lost every factor? Ask your college to have the portal’s super admin reset it.
        </Text>
      </Stack>
    </AuthCard>
  );
}
