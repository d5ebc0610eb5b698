import { passkeyRegisterBody, type FactorsAnswer } from '@alumnet/contract';
import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { useTakenOver } from '../../../lib/use-taken-over';
import { firstProblem } from '../../auth/api/auth';
import {
  factorsQuery,
  useAddPasskey,
  useFactorsChanged,
  useNewRecoveryCodes,
  useRemovePasskey,
  useRemoveTotp,
} from '../../auth/api/mfa';
import { RecoveryCodes, TotpEnrol } from '../../auth/components/totp-enrol';

/**
 * Settings › Security (issue 30): the account's second factors. The authenticator app on or off
 * (set up here, inline), passkeys by name, and new recovery codes. Admins keep at least one.
 */
export function SecondFactorsSection() {
  const query = useQuery(factorsQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={2} size="h4">
            Second factor
          </Title>
          <Text c="dimmed" size="sm">
            After your password, a code from an authenticator app or a passkey confirms it is you.
            {query.data?.required && ' Admins must keep at least one.'}
          </Text>
        </div>
        {codes ? (
          <RecoveryCodes codes={codes} onContinue={() => setCodes(null)} />
        ) : query.data ? (
          <Factors factors={query.data} onCodes={setCodes} />
        ) : (
          <Skeleton h={120} />
        )}
      </Stack>
    </Paper>
  );
}

function Factors({
  factors,
  onCodes,
}: {
  factors: FactorsAnswer;
  onCodes: (codes: string[]) => void;
}) {
  const [enrolling, setEnrolling] = useState(false);
  const removeTotp = useRemoveTotp();
  const newCodes = useNewRecoveryCodes();
  const changed = useFactorsChanged();
  const hasFactor = factors.totp || factors.passkeys.length > 0;

  const run = async <T,>(call: () => Promise<T>, then?: (answer: T) => void) => {
    try {
      then?.(await call());
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>Authenticator app</Text>
            <Badge color={factors.totp ? 'green' : 'gray'}>{factors.totp ? 'On' : 'Off'}</Badge>
          </Group>
          {factors.totp ? (
            <Button
              variant="default"
              loading={removeTotp.isPending}
              onClick={() =>
                void run(
                  () => removeTotp.mutateAsync(),
                  (a) => notify.success(a.message),
                )
              }
            >
              Turn off
            </Button>
          ) : (
            !enrolling && <Button onClick={() => setEnrolling(true)}>Set up</Button>
          )}
        </Group>
        {enrolling && !factors.totp && (
          <TotpEnrol
            onDone={(codes) => {
              setEnrolling(false);
              void changed();
              if (codes.length) onCodes(codes);
              else notify.success('Your authenticator app is set up.');
            }}
          />
        )}
      </Stack>

      <Passkeys factors={factors} onCodes={onCodes} run={run} />

      {hasFactor && (
        <Group justify="space-between">
          <Text size="sm">
            Recovery codes left: <b>{factors.recoveryCodesLeft}</b>
          </Text>
          <Button
            variant="default"
            loading={newCodes.isPending}
            onClick={() =>
              void run(
                () => newCodes.mutateAsync(),
                (a) => a.recoveryCodes && onCodes(a.recoveryCodes),
              )
            }
          >
            New recovery codes
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Passkeys({
  factors,
  onCodes,
  run,
}: {
  factors: FactorsAnswer;
  onCodes: (codes: string[]) => void;
  run: <T>(call: () => Promise<T>, then?: (answer: T) => void) => Promise<void>;
}) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const takenOver = useTakenOver();
  const [name, setName] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = firstProblem(passkeyRegisterBody.pick({ name: true }), { name });
    if (problem) return void notify.error(problem);
    void run(
      () => add.mutateAsync(name.trim()),
      (a) => {
        setName('');
        notify.success(a.message);
        if (a.recoveryCodes) onCodes(a.recoveryCodes);
      },
    );
  }

  return (
    <Stack gap="xs">
      <Text fw={600}>Passkeys</Text>
      {factors.passkeys.length === 0 && (
        <Text size="sm" c="dimmed">
          No passkeys yet.
        </Text>
      )}
      {factors.passkeys.map((p) => (
        <Group key={p._id} justify="space-between">
          <div>
            <Text size="sm">{p.name}</Text>
            <Text size="xs" c="dimmed">
              Added {new Date(p.createdAt).toLocaleDateString()}
              {p.lastUsedAt && `, last used ${new Date(p.lastUsedAt).toLocaleDateString()}`}
            </Text>
          </div>
          <Button
            variant="subtle"
            color="red"
            aria-label={`Remove passkey ${p.name}`}
            loading={remove.isPending && remove.variables === p._id}
            onClick={() =>
              void run(
                () => remove.mutateAsync(p._id),
                (a) => notify.success(a.message),
              )
            }
          >
            Remove
          </Button>
        </Group>
      ))}
      <form method="post" onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label="Passkey name"
            placeholder="My laptop"
            name="name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={!takenOver || add.isPending}>
            Add a passkey
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
