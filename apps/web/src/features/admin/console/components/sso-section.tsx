import {
  API,
  collegeSsoView,
  okSchema,
  type CollegeSsoBody,
  type CollegeSsoView,
  type ConsoleCollege,
} from '@alumnet/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, ApiRequestError } from '../../../../lib/api-client';
import { useTakenOver } from '../../../../lib/use-taken-over';
import { adminNotify } from '../../shared/notify';

const ssoKey = (collegeId: string) => ['admin', 'console', 'sso', collegeId] as const;

/** The college's provider, or null when it has none (the server answers 404). */
const collegeSsoQuery = (collegeId: string) =>
  queryOptions({
    queryKey: ssoKey(collegeId),
    queryFn: async (): Promise<CollegeSsoView | null> => {
      try {
        return await api.get(API.sso.college(collegeId), collegeSsoView);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });

function useSsoMutation<V, R>(collegeId: string, call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ssoKey(collegeId) });
      // The login page's "Sign in with <college>" list.
      await queryClient.invalidateQueries({ queryKey: ['auth', 'sso', 'providers'] });
    },
  });
}

/** Domains as typed, comma or line separated. */
const domainsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The console's "Single sign-on": a college's OpenID Connect provider (issue 30). */
export function SsoSection({ colleges }: { colleges: ConsoleCollege[] }) {
  const [collegeId, setCollegeId] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            Single sign-on
          </Title>
          <Text c="dimmed" size="sm">
            Let a college's members sign in with their college account (OpenID Connect).
          </Text>
        </div>
        <Select
          label="College"
          placeholder="Select a college"
          data={colleges.map((c) => ({ value: c._id, label: c.name }))}
          value={collegeId}
          onChange={setCollegeId}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No college by that name"
          w={{ base: '100%', xs: 360 }}
        />
        {collegeId && <SsoForm key={collegeId} collegeId={collegeId} />}
      </Stack>
    </Paper>
  );
}

function SsoForm({ collegeId }: { collegeId: string }) {
  const current = useQuery(collegeSsoQuery(collegeId));
  if (current.isPending) return <Loader size="sm" />;
  if (current.isError) return <Alert color="red">{current.error.message}</Alert>;
  // Keyed by what was loaded: a save or a removal starts the form again from the server's.
  return (
    <SsoFields key={JSON.stringify(current.data)} collegeId={collegeId} current={current.data} />
  );
}

function SsoFields({ collegeId, current }: { collegeId: string; current: CollegeSsoView | null }) {
  const takenOver = useTakenOver();
  const [issuer, setIssuer] = useState(current?.issuer ?? '');
  const [clientId, setClientId] = useState(current?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState((current?.allowedDomains ?? []).join('\n'));
  const [enabled, setEnabled] = useState(current?.enabled ?? true);
  const [problem, setProblem] = useState('');
  const save = useSsoMutation(collegeId, (body: CollegeSsoBody) =>
    api.put(API.sso.college(collegeId), collegeSsoView, body),
  );
  const remove = useSsoMutation(collegeId, () => api.delete(API.sso.college(collegeId), okSchema));

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({
        issuer: issuer.trim(),
        clientId,
        clientSecret,
        allowedDomains: domainsOf(domains),
        enabled,
      });
      setProblem('');
      adminNotify.success('Single sign-on saved.');
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  async function removeProvider() {
    try {
      adminNotify.success((await remove.mutateAsync(undefined)).message);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate aria-label="Single sign-on provider">
      <Stack gap="sm" maw={560}>
        {!current && (
          <Text size="sm" c="dimmed">
            This college has no single sign-on yet.
          </Text>
        )}
        <TextInput
          label="Issuer"
          placeholder="https://login.college.edu"
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
          required
        />
        <TextInput
          label="Client id"
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          required
        />
        <PasswordInput
          label="Client secret"
          placeholder={current?.hasSecret ? 'stored; leave empty to keep' : ''}
          value={clientSecret}
          onChange={(e) => setClientSecret(e.currentTarget.value)}
          autoComplete="off"
          required={!current?.hasSecret}
        />
        <Textarea
          label="Allowed e-mail domains"
          description="Comma or line separated, like college.edu"
          autosize
          minRows={2}
          value={domains}
          onChange={(e) => setDomains(e.currentTarget.value)}
          required
        />
        <Checkbox
          label="Enabled: show “Sign in with …” on the login page"
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={!takenOver || save.isPending}
          >
            Save
          </Button>
          {current && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={removeProvider}
            >
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
