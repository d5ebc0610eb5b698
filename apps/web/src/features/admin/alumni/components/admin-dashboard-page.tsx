import { Alert, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconChartPie, IconTable, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { ADMIN_MESSAGES } from '@alumnet/contract';
import { AnalyticsTab } from '../../analytics/components/analytics-tab';
import { CompanyList } from '../../companies/components/company-list';
import { NewDataTab } from '../../new-data/components/new-data-tab';
import { dashboardKeys } from '../api/dashboard';
import { AdminToolbar } from './admin-toolbar';
import { AlumniManagement } from './alumni-management';

/** admin-area.md §2: the tab states are normal, analytical and newData. */
type Tab = 'normal' | 'analytical' | 'newData';

/** `/dashboard` for an admin: the three-tab admin dashboard. */
export function AdminDashboardPage() {
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}

function AdminDashboard() {
  const queryClient = useQueryClient();
  const { user, isSuperAdmin, college, collegeId, isLoading, error } = useAdminCollege();
  const [tab, setTab] = useState<Tab>('normal');
  const [companiesOpen, setCompaniesOpen] = useState(false);

  const reload = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Admin Dashboard
          </Title>
          {tab === 'normal' && (
            <Text c="dimmed" size="sm">
              {college ? college.name : isSuperAdmin ? 'All colleges' : 'Your college'}
            </Text>
          )}
        </div>
        {/* The other tabs pick their college themselves (admin-area.md §2). */}
        {tab === 'normal' && <CollegeSelect />}
      </Group>
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'normal')}>
        {/* On a phone the three tabs scroll sideways rather than stack. */}
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="normal" leftSection={<IconTable size={16} />}>
            Admin Dashboard
          </Tabs.Tab>
          <Tabs.Tab value="analytical" leftSection={<IconChartPie size={16} />}>
            Analytical Dashboard
          </Tabs.Tab>
          <Tabs.Tab value="newData" leftSection={<IconUserPlus size={16} />}>
            New Data Dashboard
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="normal" pt="md">
          <Stack gap="md">
            <AdminToolbar
              isSuperAdmin={isSuperAdmin}
              companiesOpen={companiesOpen}
              onToggleCompanies={() => setCompaniesOpen((open) => !open)}
              onReload={reload}
            />
            {companiesOpen && <CompanyList />}
            {error ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {ADMIN_MESSAGES.failedColleges}
              </Alert>
            ) : isLoading || !user ? (
              <Center py="xl">
                <Loader aria-label="Loading" />
              </Center>
            ) : !collegeId ? (
              <Text c="dimmed" ta="center" py="xl">
                Select a college to see its alumni.
              </Text>
            ) : (
              <AlumniManagement key={collegeId} collegeId={collegeId} adminId={user._id} />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="analytical" pt="md">
          <AnalyticsTab />
        </Tabs.Panel>
        <Tabs.Panel value="newData" pt="md">
          <NewDataTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
