import { COMMUNITY_MESSAGES, type FeedbackSortField } from '@alumnet/contract';
import {
  Alert,
  Badge,
  Center,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../../config/paths';
import { PageHeader } from '../../shared/components/page-header';
import { SuperAdminOnly } from '../../shared/components/super-admin-only';
import { serverMessage } from '../../shared/utils/errors';
import { feedbackListQuery } from '../api/feedback';
import {
  DEFAULT_SORT,
  feedbackDate,
  nextSort,
  typeColor,
  type FeedbackSort,
} from '../utils/feedback';

/** `/dashboard/giving-back`: the Feedback Dashboard (admin-area.md §3). */
export function FeedbackPage() {
  return (
    <SuperAdminOnly>
      <FeedbackDashboard />
    </SuperAdminOnly>
  );
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: FeedbackSortField;
  label: string;
  sort: FeedbackSort;
  onSort: (field: FeedbackSortField) => void;
}) {
  const Icon =
    sort.field !== field ? IconSelector : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={
        sort.field === field ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'
      }
    >
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        {label} <Icon size={14} style={{ verticalAlign: 'middle' }} />
      </UnstyledButton>
    </Table.Th>
  );
}

function FeedbackDashboard() {
  const [sort, setSort] = useState<FeedbackSort>(DEFAULT_SORT);
  const list = useQuery(feedbackListQuery(sort));
  const onSort = (field: FeedbackSortField) => setSort((s) => nextSort(s, field));
  const rows = list.data ?? [];

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader back={paths.home} title="Feedback Dashboard" />
      {list.isError ? (
        <Alert color="red">
          {'Error: ' + serverMessage(list.error, COMMUNITY_MESSAGES.feedbackFetchFailed)}
        </Alert>
      ) : list.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{COMMUNITY_MESSAGES.noFeedback}</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader field="createdAt" label="Date & Time" sort={sort} onSort={onSort} />
                  <Table.Th>User</Table.Th>
                  <SortHeader
                    field="radioOption"
                    label="Feedback Type"
                    sort={sort}
                    onSort={onSort}
                  />
                  <Table.Th>Feedback Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row._id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {feedbackDate(row.createdAt)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.fullName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        @{row.username}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={typeColor(row.radioOption)} variant="light">
                        {row.radioOption}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.input}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
