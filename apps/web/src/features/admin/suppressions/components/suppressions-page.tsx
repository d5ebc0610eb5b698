import type { Suppression } from '@alumnet/contract';
import { Alert, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../../config/paths';
import { useFromBreakpoint } from '../../../../lib/use-from-breakpoint';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { RefreshButton } from '../../shared/components/refresh-button';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { suppressionListQuery } from '../api/suppressions';
import { LiftDialog } from './lift-dialog';
import { SuppressionCards } from './suppression-cards';
import { SuppressionsTable } from './suppressions-table';

/** `/dashboard/suppressions`: the addresses that bounced or complained, and the way to lift them. */
export function SuppressionsPage() {
  return (
    <AdminOnly>
      <Suppressions />
    </AdminOnly>
  );
}

function Suppressions() {
  const { collegeId, isSuperAdmin, isLoading } = useAdminCollege();
  const list = useQuery({
    ...suppressionListQuery(collegeId),
    enabled: !(isSuperAdmin && isLoading),
  });
  const [lifting, setLifting] = useState<Suppression | null>(null);
  const suppressions = list.data?.suppressions ?? [];
  const List = useFromBreakpoint('sm') ? SuppressionsTable : SuppressionCards;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageHeader back={paths.home} title="E-mail suppression list">
        <Group gap="xs">
          <CollegeSelect />
          <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
        </Group>
      </PageHeader>
      <Text c="dimmed" size="sm" maw={720}>
        These addresses bounced or their owners marked our e-mail as spam. The portal sends them no
        e-mail — no notifications, no digests, no dispatch jobs — until you lift them.
      </Text>

      {list.isError && !list.data ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {list.error.message}
        </Alert>
      ) : !list.data ? (
        <Center py="xl">
          <Loader aria-label="Loading the suppression list" />
        </Center>
      ) : suppressions.length === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <IconMail size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed" ta="center">
            No suppressed addresses. Every member can be e-mailed.
          </Text>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {suppressions.length === 1
              ? '1 suppressed address'
              : `${suppressions.length} suppressed addresses`}
          </Text>
          <List suppressions={suppressions} onLift={setLifting} />
        </>
      )}
      <LiftDialog suppression={lifting} collegeId={collegeId} onClose={() => setLifting(null)} />
    </Stack>
  );
}
