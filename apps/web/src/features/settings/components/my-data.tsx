import { deleteAccountBody, EXPORT_QUEUED_MESSAGE, type ExportView } from '@alumnet/contract';
import { Button, Group, Modal, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { logout } from '../../../lib/session';
import { useTakenOver } from '../../../lib/use-taken-over';
import { exportQuery, useDeleteAccount, useRequestExport } from '../api/my-data';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the latest request's state means to the member. */
function exportStatusText(latest: ExportView): string {
  switch (latest.status) {
    case 'queued':
      return EXPORT_QUEUED_MESSAGE;
    case 'ready':
      return `Your data is ready: use the link in the e-mail we sent you, until ${dateTime(latest.expiresAt ?? latest.requestedAt)}.`;
    case 'expired':
      return `The download link of your request of ${dateTime(latest.requestedAt)} has expired. You can ask again.`;
    case 'failed':
      return 'We could not prepare your data. Please ask again.';
  }
}

/** Issue 30, on /settings/privacy: "Download my data" and "Delete my account". */
export function MyDataSection() {
  const takenOver = useTakenOver();
  const status = useQuery(exportQuery);
  const requestExport = useRequestExport();
  const [deleting, setDeleting] = useState(false);

  async function askForExport(event: FormEvent) {
    event.preventDefault();
    try {
      await requestExport.mutateAsync();
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  const latest = status.data?.latest ?? null;
  return (
    <Stack gap="md" component="section" aria-labelledby="my-data-title">
      <Title order={2} size="h4" id="my-data-title">
        Your data
      </Title>
      <form method="post" onSubmit={askForExport} noValidate>
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            A copy of everything you shared here, in one zip file: your profile, posts, comments,
            messages, groups, events and mentoring.
          </Text>
          <Button type="submit" variant="light" loading={!takenOver || requestExport.isPending}>
            Download my data
          </Button>
          {latest && (
            <Text size="sm" role="status">
              {exportStatusText(latest)}
            </Text>
          )}
        </Stack>
      </form>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          Your account is deleted 14 days after you ask; signing in before then keeps it.
        </Text>
        <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </Stack>
      <Modal opened={deleting} onClose={() => setDeleting(false)} title="Delete my account">
        {deleting && <DeleteAccountForm onCancel={() => setDeleting(false)} />}
      </Modal>
    </Stack>
  );
}

type ContentChoice = 'keep' | 'delete';

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const takenOver = useTakenOver();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [content, setContent] = useState<ContentChoice | ''>('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = deleteAccountBody.safeParse({
      password,
      keepContent: content === '' ? undefined : content === 'keep',
    });
    if (!parsed.success) return void notify.error(parsed.error.issues[0]!.message);
    try {
      const answer = await deleteAccount.mutateAsync(parsed.data);
      // Every session ended with it, this one too: the app forgets the member and shows the login.
      await logout(queryClient).catch(() => {});
      notify.info(answer.message);
      await navigate(paths.login);
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Your account will be deleted in 14 days, and you will be signed out on every device now.
          Signing in again before then cancels the deletion.
        </Text>
        <Radio.Group
          label="Your posts, comments and messages"
          value={content}
          onChange={(value) => setContent(value as ContentChoice)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="keep" label="Keep my posts, comments and messages as “Former member”" />
            <Radio value="delete" label="Delete them too" />
          </Stack>
        </Radio.Group>
        <PasswordInput
          label="Your password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={!takenOver || deleteAccount.isPending}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
