import { VISIBILITIES, type PrivacySettings, type Visibility } from '@alumnet/contract';
import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MemberLayout } from '../../../components/member-layout';
import { notify } from '../../../lib/notify';
import { useTakenOver } from '../../../lib/use-taken-over';
import { privacyQuery, useSavePrivacy } from '../api/privacy';
import { MyDataSection } from './my-data';
import { LoadFailed } from '../../../components/load-failed';

type Detail = Exclude<keyof PrivacySettings, 'listed'>;

/** The details a member chooses an audience for, in the page's order. */
const DETAILS: { key: Detail; label: string }[] = [
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'company', label: 'Company' },
  { key: 'city', label: 'City' },
];
const AUDIENCE: Record<Visibility, string> = {
  college: 'My college',
  batch: 'My batch',
  nobody: 'Nobody',
};
const AUDIENCE_OPTIONS = VISIBILITIES.map((value) => ({ value, label: AUDIENCE[value] }));

export const PRIVACY_SAVED = 'Your privacy settings are saved.';

/**
 * `/settings/privacy` (issue 30): who among the member's college sees their e-mail, phone,
 * company and city, and whether they are found in Alum Zone and the chat's search at all; then
 * their data (download, delete).
 */
export function PrivacySettingsPage() {
  return (
    <MemberLayout>
      <Box maw={760} mx="auto">
        <Title order={1} size="h3">
          Privacy
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Choose who sees your details. You always see all of your own; the admins of your college
          see them in their tables.
        </Text>
        <PrivacyPanel />
        <MyDataSection />
      </Box>
    </MemberLayout>
  );
}

function PrivacyPanel() {
  const query = useQuery(privacyQuery);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mb="xl">
      {query.data ? (
        // After a save the form already holds what is stored: it is not started again.
        <PrivacyForm saved={query.data} />
      ) : query.error ? (
        <LoadFailed
          title="Your privacy settings could not be loaded"
          error={query.error}
          retry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="lg" aria-busy aria-label="Loading your privacy settings">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={40} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function PrivacyForm({ saved }: { saved: PrivacySettings }) {
  const [form, setForm] = useState<PrivacySettings>(saved);
  const [done, setDone] = useState(false);
  const takenOver = useTakenOver();
  const save = useSavePrivacy();

  const set = (change: Partial<PrivacySettings>) => {
    setDone(false);
    setForm((current) => ({ ...current, ...change }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync(form);
    } catch (error) {
      notify.error((error as Error).message);
      return;
    }
    notify.success(PRIVACY_SAVED);
    setDone(true);
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fw={600}>Who sees my details</Text>
        {DETAILS.map(({ key, label }) => (
          <Select
            key={key}
            name={key}
            label={label}
            data={AUDIENCE_OPTIONS}
            value={form[key]}
            onChange={(value) => value && set({ [key]: value as Visibility })}
            allowDeselect={false}
            maw={320}
          />
        ))}
        <Switch
          name="listed"
          mt="sm"
          label="Show me in Alum Zone and chat search"
          description="Off: members do not find you there; those you already talk with still do."
          checked={form.listed}
          onChange={(e) => set({ listed: e.currentTarget.checked })}
        />
        {done && (
          <Alert color="green" icon={<IconCheck size={18} />} role="status">
            {PRIVACY_SAVED}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={!takenOver || save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
