import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { serverMessage } from '../../shared/utils/errors';
import { programmeCsv, programmeQuery } from '../api/programme';
import { Breakdown } from './breakdown';
import { HeadlineFigures } from './headline-figures';
import { MonthsChart } from './months-chart';
import { OpenRequests } from './open-requests';
import { Topics } from './topics';

/**
 * `/dashboard/mentoring` (issue 29): how a college's mentoring programme is doing, for its
 * admins (a super admin, for the college chosen): the headline figures, the last 12 months, the
 * figures by batch and branch, the requests still waiting, and the topics mentors choose from.
 */
export function ProgrammePage() {
  return (
    <AdminOnly>
      <Programme />
    </AdminOnly>
  );
}

function Programme() {
  const { collegeId, isSuperAdmin } = useAdminCollege();
  const programme = useQuery(programmeQuery(collegeId));
  const data = programme.data;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader
        back={paths.dashboard}
        title="Mentoring"
        description="Mentors, requests and mentorships: how the programme is doing."
      >
        <Group gap="sm">
          <CollegeSelect />
          <Button
            component="a"
            href={programmeCsv(collegeId, isSuperAdmin)}
            download
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={!collegeId}
          >
            Export CSV
          </Button>
        </Group>
      </PageHeader>
      {programme.isError ? (
        <Alert color="red">
          {serverMessage(programme.error, 'The programme could not be loaded. Please try again.')}
        </Alert>
      ) : !data ? (
        <Center py="xl">
          {collegeId ? (
            <Loader size="sm" aria-label="Loading the programme" />
          ) : (
            <Text c="dimmed">Choose a college.</Text>
          )}
        </Center>
      ) : (
        <>
          <HeadlineFigures figures={data.figures} />
          <MonthsChart months={data.months} />
          <Breakdown byBatch={data.byBatch} byBranch={data.byBranch} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <OpenRequests requests={data.openRequests} />
            <Topics topics={data.topics} collegeId={collegeId} isSuperAdmin={isSuperAdmin} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
