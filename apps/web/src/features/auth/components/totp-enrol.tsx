import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { totpVerifyBody } from '@alumnet/contract';
import { notify } from '../../../lib/notify';
import { useTakenOver } from '../../../lib/use-taken-over';
import { firstProblem } from '../api/auth';
import { useEnrolTotp, useVerifyCode } from '../api/mfa';

/**
 * Setting up an authenticator app: a new secret as a QR code and as text, then a code from the
 * app confirms it. `onDone` gets the recovery codes the confirmation returns (shown once).
 */
export function TotpEnrol({
  onDone,
  refresh = true,
}: {
  onDone: (recoveryCodes: string[]) => void;
  /** false: the caller asks who is signed in itself, once the codes were shown. */
  refresh?: boolean;
}) {
  const enrol = useEnrolTotp();
  const verify = useVerifyCode({ refresh });
  const takenOver = useTakenOver();
  const [code, setCode] = useState('');
  // Once: each call makes a new secret, and the one shown must be the one kept.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    enrol.mutate(undefined, { onError: (error) => notify.error(error.message) });
  }, [enrol]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = firstProblem(totpVerifyBody, { code });
    if (problem) return void notify.error(problem);
    try {
      const answer = await verify.mutateAsync(code);
      onDone(answer.recoveryCodes ?? []);
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  if (!enrol.data) return enrol.isError ? null : <Loader aria-label="Preparing" />;
  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password…), or type the secret into it.
        </Text>
        <Image
          src={`data:image/svg+xml;utf8,${encodeURIComponent(enrol.data.qrSvg)}`}
          alt="QR code of the authenticator secret"
          w={200}
          h={200}
        />
        <Text size="sm">
          Secret: <Code data-testid="totp-secret">{enrol.data.secret}</Code>
        </Text>
        <TextInput
          label="Enter the 6-digit code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={!takenOver || verify.isPending}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The recovery codes, shown once: each signs in one time when the app or passkey is lost. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" title="Save your recovery codes">
        Each code signs you in once if you lose your authenticator app or passkey. They are shown
        only now: keep them somewhere safe.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((c) => (
          <Code key={c}>{c}</Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button onClick={onContinue}>Continue</Button>
      </Group>
    </Stack>
  );
}
