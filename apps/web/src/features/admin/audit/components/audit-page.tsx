import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@alumnet/contract';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  LoadingOverlay,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconDownload, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { paths } from '../../../../config/paths';
import { formatDateTime } from '../../../../lib/format-date';
import { useTakenOver } from '../../../../lib/use-taken-over';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { RefreshButton } from '../../shared/components/refresh-button';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { auditCsvUrl, auditQuery, type AuditFilters } from '../api/audit';

/** Each action as an admin reads it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'member.approve': 'Approved members',
  'member.reject': 'Rejected a member',
  'member.delete': 'Deleted a member',
  'member.metadata': 'Changed degree, batch or branch',
  'member.add': 'Added a member',
  'member.delete_account': 'Deleted an account on request',
  'dispatch.create': 'Added a dispatch job',
  'dispatch.send': 'Dispatched a job',
  'dispatch.delete': 'Deleted a dispatch job',
  'import.upload': 'Uploaded users',
  'setup.change': 'Changed the college setup',
  'console.change': 'Changed a college',
  'role.change': 'Changed a role',
  'mfa.reset': 'Reset a second factor',
  'sso.change': 'Changed single sign-on',
  'export.download': 'Downloaded data',
  'group.change': 'Changed a group',
  'event.change': 'Changed an event',
  'mentoring.change': 'Changed mentoring',
  'suppression.lift': 'Lifted a suppression',
  'quiz.change': 'Changed a quiz',
};
const ACTION_OPTIONS = [
  { value: '', label: 'Every action' },
  ...AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
];
const EMPTY = { actor: '', action: '', from: '', to: '' } as const;

/** `/dashboard/audit` (issue 30): who did what, to whom, from where; read-only. */
export function AuditPage() {
  return (
    <AdminOnly>
      <AuditLog />
    </AdminOnly>
  );
}

/** A short line of an entry's details ("reason: Not found · count: 3"). */
export function detailsText(details: AuditEntry['details']) {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

function AuditLog() {
  const { collegeId, isSuperAdmin, isLoading } = useAdminCollege();
  const takenOver = useTakenOver();
  const [form, setForm] = useState<Omit<AuditFilters, 'collegeId'>>(EMPTY);
  const [applied, setApplied] = useState<Omit<AuditFilters, 'collegeId'>>(EMPTY);
  // The text fields' one change handler: the field's name is the filter's.
  const typed = (name: 'actor' | 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setForm((f) => ({ ...f, [name]: value }));
  };
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const filters: AuditFilters = { ...applied, collegeId: isSuperAdmin ? collegeId : '' };
  const key = JSON.stringify(filters);
  const page = paging.key === key ? paging.page : 1;
  const log = useQuery({ ...auditQuery(filters, page), enabled: !(isSuperAdmin && isLoading) });
  const entries = log.data?.entries ?? [];
  const totalPages = Math.max(1, Math.ceil((log.data?.total ?? 0) / (log.data?.pageSize ?? 1)));

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader
        back={paths.dashboard}
        backLabel="Dashboard"
        title="Audit log"
        description="Every admin action, who did it and from where. Nobody can edit or delete it."
      >
        <Group gap="xs">
          <CollegeSelect />
          <RefreshButton onRefresh={() => void log.refetch()} loading={log.isFetching} />
        </Group>
      </PageHeader>

      <form
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(form);
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Who"
            placeholder="Part of a name"
            name="actor"
            value={form.actor}
            onChange={typed('actor')}
          />
          <Select
            label="What"
            name="action"
            data={ACTION_OPTIONS}
            value={form.action}
            allowDeselect={false}
            onChange={(value) => setForm((f) => ({ ...f, action: (value ?? '') as AuditAction }))}
          />
          <TextInput
            type="date"
            label="From"
            name="from"
            value={form.from}
            onChange={typed('from')}
          />
          <TextInput type="date" label="To" name="to" value={form.to} onChange={typed('to')} />
          <Button type="submit" loading={!takenOver}>
            Apply
          </Button>
          <Button
            component="a"
            href={auditCsvUrl(filters)}
            download
            variant="light"
            leftSection={<IconDownload size={16} />}
          >
            Download CSV
          </Button>
        </Group>
      </form>

      {log.isError && !log.data ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {log.error.message}
        </Alert>
      ) : !log.data ? (
        <Center py="xl">
          <Loader aria-label="Loading the audit log" />
        </Center>
      ) : entries.length === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <IconHistory size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">Nothing in the log matches these filters.</Text>
        </Stack>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={log.isPlaceholderData} loaderProps={{ size: 'sm' }} />
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>On whom</Table.Th>
                  <Table.Th>From address</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry._id}>
                    <Table.Td>
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </Table.Td>
                    <Table.Td>{entry.actorName}</Table.Td>
                    <Table.Td>{AUDIT_ACTION_LABELS[entry.action]}</Table.Td>
                    <Table.Td>{entry.targetLabel ?? '–'}</Table.Td>
                    <Table.Td>{entry.ip ?? '–'}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed" lineClamp={2} title={detailsText(entry.details)}>
                        {detailsText(entry.details)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}
      {log.data && log.data.total > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Page {page} of {totalPages} ({log.data.total} entries)
          </Text>
          <Pagination
            total={totalPages}
            value={page}
            onChange={(next) => setPaging({ key, page: next })}
            size="sm"
          />
        </Group>
      )}
    </Stack>
  );
}
