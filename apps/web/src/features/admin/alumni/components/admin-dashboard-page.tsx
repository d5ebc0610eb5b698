import { Alert, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconChartPie, IconTable, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { ADMIN_MESSAGES } from '@alumnet/contract';
import { CompanyList } from '../../companies/components/company-list';
import { dashboardKeys } from '../api/dashboard';
import { AdminToolbar } from './admin-toolbar';
import { AlumniManagement } from './alumni-management';

/** admin-area.md §2: the tab states are normal, analytical and newData. */
type Tab = 'normal' | 'analytical' | 'newData';

// The other two tabs (the analytical one brings the charts library) load when first opened.
const AnalyticsTab = lazy(async () => ({
  default: (await import('../../analytics/components/analytics-tab')).AnalyticsTab,
}));
const NewDataTab = lazy(async () => ({
  default: (await import('../../new-data/components/new-data-tab')).NewDataTab,
}));

const tabLoader = (
  <Center py="xl">
    <Loader aria-label="Loading" />
  </Center>
);

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
  // A tab is drawn from its first opening on and then kept, with its state, while hidden.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  const choose = (next: Tab) => {
    setTab(next);
    setOpened((before) => (before.has(next) ? before : new Set(before).add(next)));
  };
  const [companiesOpen, setCompaniesOpen] = useState(false);

  const reload = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  // The alumni screen (its filters and table, a thousand components) is drawn in a background
  // render React can slice: mounted by the colleges' arrival it was one task of 600 ms on a phone.
  const shownCollegeId = useDeferredValue(isLoading ? null : collegeId);

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
      <Tabs value={tab} onChange={(value) => choose((value as Tab | null) ?? 'normal')}>
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
            ) : shownCollegeId === null || !user ? (
              <Center py="xl">
                <Loader aria-label="Loading" />
              </Center>
            ) : !shownCollegeId ? (
              <Text c="dimmed" ta="center" py="xl">
                Select a college to see its alumni.
              </Text>
            ) : (
              <AlumniManagement
                key={shownCollegeId}
                collegeId={shownCollegeId}
                adminId={user._id}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="analytical" pt="md">
          {opened.has('analytical') && (
            <Suspense fallback={tabLoader}>
              <AnalyticsTab />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="newData" pt="md">
          {opened.has('newData') && (
            <Suspense fallback={tabLoader}>
              <NewDataTab />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
