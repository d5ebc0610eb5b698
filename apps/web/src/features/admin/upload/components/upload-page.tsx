import {
  UPLOAD_MESSAGES,
  uploadCompleteText,
  uploadConfirmText,
  API,
  type ImportJob,
} from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { serverMessage } from '../../shared/utils/errors';
import { importQuery, uploadCsv } from '../api/upload';
import { countCsvRows } from '../utils/count-rows';

/** `/dashboard/upload-users` (admin-area.md "Upload Users CSV"). */
export function UploadPage() {
  return (
    <AdminOnly>
      <Upload />
    </AdminOnly>
  );
}

function Upload() {
  const { collegeId, college } = useAdminCollege();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ rows: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [started, setStarted] = useState<ImportJob | null>(null);
  const progress = useQuery({ ...importQuery(started?._id ?? ''), enabled: Boolean(started) });
  const job = progress.data ?? started;
  const running = sending || (job !== null && job.status !== 'done');

  async function read() {
    setProblem(null);
    if (!file) return setProblem(UPLOAD_MESSAGES.selectFile);
    try {
      const rows = countCsvRows(await file.text());
      if (rows === null) return setProblem(UPLOAD_MESSAGES.unreadable);
      setConfirm({ rows });
    } catch {
      setProblem(UPLOAD_MESSAGES.unreadable);
    }
  }

  async function send() {
    if (!file || running) return;
    setConfirm(null);
    setSending(true);
    setStarted(null);
    try {
      setStarted(await uploadCsv(file, collegeId));
    } catch (error) {
      const reason = serverMessage(error, '');
      setProblem(
        reason.startsWith(UPLOAD_MESSAGES.unreadable)
          ? reason
          : UPLOAD_MESSAGES.unreadable + (reason ? `: ${reason}` : ''),
      );
    } finally {
      setSending(false);
    }
  }

  const percent = job && job.totalRows > 0 ? (job.processedRows / job.totalRows) * 100 : 0;
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        back={paths.home}
        title="Upload Users"
        description={
          <>
            Add alumni to {college?.name ?? 'your college'} from a CSV file. They can then be
            invited from the dashboard.
          </>
        }
      >
        <CollegeSelect />
      </PageHeader>
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <Text size="sm">
            The first row names the columns: <code>fullName</code>, <code>email</code>,{' '}
            <code>phoneCountryCode</code>, <code>phoneValue</code>, <code>degreeName</code>,{' '}
            <code>batchName</code>, <code>branchName</code> and optionally{' '}
            <code>newCollegeRequestName</code>.{' '}
            <Anchor href="/sample-users.csv" download>
              Download a sample file
            </Anchor>
            .
          </Text>
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={(value) => {
              setFile(value);
              setProblem(null);
            }}
            clearable
          />
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => void read()}
            disabled={running}
            w="fit-content"
          >
            {running ? UPLOAD_MESSAGES.processing : 'Upload'}
          </Button>
        </Stack>
      </Paper>
      {job && (
        <Paper withBorder radius="md" p="lg" aria-live="polite">
          <Stack gap="xs">
            <Progress
              value={percent}
              animated={job.status !== 'done'}
              size="lg"
              aria-label="Import progress"
            />
            <Text size="sm" c="dimmed">
              {job.processedRows.toLocaleString('en')} of {job.totalRows.toLocaleString('en')} rows
              from {job.fileName}
            </Text>
            {job.status === 'done' && (
              <Alert color={job.failed ? 'yellow' : 'green'} variant="light">
                <Stack gap={6}>
                  <Text size="sm">{uploadCompleteText(job.added, job.failed)}</Text>
                  <Anchor href={API.imports.report(job._id)} size="sm">
                    <IconDownload size={14} style={{ verticalAlign: -2 }} /> Download the report
                    (row, outcome, reason)
                  </Anchor>
                </Stack>
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title="Confirm upload"
        centered
      >
        <Stack>
          <Text size="sm">{confirm && file ? uploadConfirmText(confirm.rows, file.name) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button onClick={() => void send()}>Confirm Upload</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
