import {
  ANALYTICS_MESSAGES,
  REGISTRATION_STATUSES,
  type DistributionType,
} from '@alumnet/contract';
import { Button, Center, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconCalendar, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lookups } from '../../../../lib/lookups';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { distributionQuery } from '../api/analytics';
import { DistributionPie } from './distribution-pie';

const TYPES: { value: DistributionType; label: string; icon: typeof IconWorld }[] = [
  { value: 'batch', label: 'Batch Distribution', icon: IconCalendar },
  { value: 'country', label: 'Country Distribution', icon: IconWorld },
  { value: 'company', label: 'Company Distribution', icon: IconBriefcase },
];

/**
 * admin-area.md §2 "Analytical tab": the college's alumni by batch, country or company as a pie
 * chart with the total. A super admin picks the college first; a college admin sees their own.
 */
export function AnalyticsTab() {
  const admin = useAdminCollege();
  const [pickedCollege, setPickedCollege] = useState<string | null>(null);
  const collegeId = admin.isSuperAdmin ? (pickedCollege ?? '') : admin.collegeId;
  const [degreeId, setDegreeId] = useState<string | null>(null);
  const [registrationStatus, setRegistrationStatus] = useState<string | null>(null);
  const [type, setType] = useState<DistributionType>('batch');

  const degrees = useQuery(lookups.degrees(collegeId));
  const chart = useQuery(
    distributionQuery({
      collegeId,
      degreeId: degreeId ?? undefined,
      registrationStatus: (registrationStatus ?? undefined) as
        (typeof REGISTRATION_STATUSES)[number] | undefined,
      distributionType: type,
    }),
  );
  // A failed load clears the chart without a message (admin-area.md §8).
  const data = chart.isError ? undefined : chart.data;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label="Analytical Dashboard"
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          Analytical Dashboard
        </Title>
        <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
          {admin.isSuperAdmin && (
            <Select
              label="College"
              placeholder="Select a college"
              data={admin.colleges.map((c) => ({ value: c._id, label: c.name }))}
              value={pickedCollege}
              onChange={(value) => {
                setPickedCollege(value);
                setDegreeId(null);
              }}
              searchable
              miw={200}
            />
          )}
          <Select
            label="Degree"
            placeholder="All degrees"
            data={(degrees.data ?? []).map((d) => ({ value: d._id, label: d.degreeName }))}
            value={degreeId}
            onChange={setDegreeId}
            disabled={!collegeId}
            clearable
            miw={160}
          />
          <Select
            label="Registration status"
            placeholder="All"
            data={[...REGISTRATION_STATUSES]}
            value={registrationStatus}
            onChange={setRegistrationStatus}
            clearable
            miw={160}
          />
        </Group>
        <Group gap="xs" role="group" aria-label="Distribution">
          {TYPES.map(({ value, label, icon: Icon }) => (
            <Button
              key={value}
              size="xs"
              variant={type === value ? 'filled' : 'light'}
              aria-pressed={type === value}
              leftSection={<Icon size={14} />}
              onClick={() => setType(value)}
            >
              {label}
            </Button>
          ))}
        </Group>
        {!collegeId ? (
          <Center py="xl">
            <Text c="dimmed">{ANALYTICS_MESSAGES.selectCollege}</Text>
          </Center>
        ) : chart.isPending ? (
          <Center py="xl">
            <Text c="dimmed">{ANALYTICS_MESSAGES.loading}</Text>
          </Center>
        ) : !data || data.distribution.length === 0 ? (
          <Center py="xl">
            <Text c="dimmed">{ANALYTICS_MESSAGES.noData}</Text>
          </Center>
        ) : (
          <Stack gap="xs" align="center" w="100%">
            <Text fw={600} aria-live="polite">
              Total Users: {data.totalUsers}
            </Text>
            <DistributionPie distribution={data.distribution} totalUsers={data.totalUsers} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
