import {
  Alert,
  Box,
  Center,
  Group,
  Loader,
  LoadingOverlay,
  Pagination,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { RefreshButton } from '../../shared/components/refresh-button';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { outboxQuery } from '../api/outbox';
import { MessageCard } from './message-card';

/** `/dashboard/outbox`: the messages a dispatch "sent" while no provider is configured. */
export function OutboxPage() {
  return (
    <AdminOnly>
      <Outbox />
    </AdminOnly>
  );
}

function Outbox() {
  const { collegeId, isSuperAdmin, isLoading } = useAdminCollege();
  const [paging, setPaging] = useState({ collegeId, page: 1 });
  const page = paging.collegeId === collegeId ? paging.page : 1;
  const outbox = useQuery({
    ...outboxQuery(collegeId, page),
    enabled: !(isSuperAdmin && isLoading),
  });
  // The server sends each page newest first.
  const messages = outbox.data?.messages ?? [];
  const totalPages = Math.max(1, outbox.data?.totalPages ?? 1);

  return (
    <Stack gap="md" maw={900} mx="auto">
      <PageHeader
        back={paths.dispatchJobs}
        backLabel="Dispatch Jobs"
        title="Outbox"
        description="With no e-mail, SMS or WhatsApp provider set up, dispatched messages land here."
      >
        <Group gap="xs">
          <CollegeSelect />
          <RefreshButton onRefresh={() => void outbox.refetch()} loading={outbox.isFetching} />
        </Group>
      </PageHeader>

      {outbox.isError && !outbox.data ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {outbox.error.message}
        </Alert>
      ) : !outbox.data ? (
        <Center py="xl">
          <Loader aria-label="Loading messages" />
        </Center>
      ) : messages.length === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <IconSend size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">No messages yet. Dispatch a job to see what it sends.</Text>
        </Stack>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={outbox.isPlaceholderData} loaderProps={{ size: 'sm' }} />
          <Stack gap="sm">
            {messages.map((message) => (
              <MessageCard key={message._id} message={message} />
            ))}
          </Stack>
        </Box>
      )}
      {outbox.data && outbox.data.totalMessages > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Page {page} of {totalPages} ({outbox.data.totalMessages} messages)
          </Text>
          <Pagination
            total={totalPages}
            value={page}
            onChange={(next) => setPaging({ collegeId, page: next })}
            size="sm"
          />
        </Group>
      )}
    </Stack>
  );
}
