import { API, type DispatchJob } from '@alumnet/contract';
import { Anchor, Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconSend, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../../../lib/format-date';
import { canChangeJob, jobProgress, JOB_STATUS_COLOR } from '../utils/job-status';

const COLUMNS = [
  'Created At',
  'Action',
  'Count',
  'Input CSV',
  'Dispatch',
  'Status',
  'Output CSV',
  'Delete',
] as const;
const nowrap = { whiteSpace: 'nowrap' } as const;
/** The action bar's button names. */
const ACTION_LABEL: Record<DispatchJob['action'], string> = {
  approve: 'Approve',
  email: 'Email',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

function CsvLink({ fileName, label }: { fileName: string; label: string }) {
  return (
    <Anchor href={API.dashboard.download(fileName)} download={fileName} size="sm" style={nowrap}>
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={14} />
        {label}
      </Group>
    </Anchor>
  );
}

interface Props {
  jobs: DispatchJob[];
  onDispatch: (job: DispatchJob) => void;
  onDelete: (job: DispatchJob) => void;
}

/** admin-area.md §2 "Dispatch jobs": the table, in the spec's column order. */
export function JobsTable({ jobs, onDispatch, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} style={nowrap}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => {
            const open = canChangeJob(job);
            return (
              <Table.Tr key={job._id} data-job-id={job._id} data-status={job.status}>
                <Table.Td style={nowrap}>{formatDateTime(job.createdAt)}</Table.Td>
                <Table.Td style={nowrap}>
                  <Text size="sm" fw={500}>
                    {ACTION_LABEL[job.action]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    by {job.createdBy.fullName}
                  </Text>
                </Table.Td>
                <Table.Td>{job.count}</Table.Td>
                <Table.Td>
                  <CsvLink fileName={job.inputCsvPath} label="Input CSV" />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    leftSection={<IconSend size={14} />}
                    disabled={!open}
                    onClick={() => onDispatch(job)}
                    aria-label={`Dispatch ${job.action} job of ${formatDateTime(job.createdAt)}`}
                  >
                    Dispatch
                  </Button>
                </Table.Td>
                <Table.Td miw={140}>
                  <Stack gap={4}>
                    <Badge color={JOB_STATUS_COLOR[job.status]} variant="light" radius="sm">
                      {job.status}
                    </Badge>
                    {job.status === 'dispatched' && (
                      <>
                        <Progress
                          value={jobProgress(job)}
                          size="sm"
                          animated
                          aria-label={`${job.sent} of ${job.count} sent`}
                        />
                        <Text size="xs" c="dimmed">
                          {job.sent} / {job.count}
                        </Text>
                      </>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {job.outputCsvPath ? (
                    <CsvLink fileName={job.outputCsvPath} label="Output CSV" />
                  ) : (
                    'N/A'
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={14} />}
                    disabled={!open}
                    onClick={() => onDelete(job)}
                    aria-label={`Delete ${job.action} job of ${formatDateTime(job.createdAt)}`}
                  >
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
