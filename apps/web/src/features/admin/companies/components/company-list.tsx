import { ANALYTICS_MESSAGES } from '@alumnet/contract';
import { Alert, Center, List, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PrevNextPager } from '../../shared/components/prev-next-pager';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { adminNotify } from '../../shared/notify';
import { companiesQuery } from '../api/companies';

const ALL = 'all';

/**
 * admin-area.md §2 "Company List": the company names of a college's alumni, 10 a page. A super
 * admin starts on All Colleges and may pick one; a college admin sees their own college.
 */
export function CompanyList() {
  const admin = useAdminCollege();
  const [picked, setPicked] = useState(ALL);
  const collegeId = admin.isSuperAdmin ? picked : admin.collegeId;
  const [page, setPage] = useState(1);
  const companies = useQuery(companiesQuery(collegeId, page));

  useEffect(() => {
    if (companies.isError) adminNotify.error(ANALYTICS_MESSAGES.failedCompanies);
  }, [companies.isError]);

  const names = companies.data?.companies ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Company List">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Company List
        </Title>
        {admin.isSuperAdmin && (
          <Select
            aria-label="College for the company list"
            data={[
              { value: ALL, label: ANALYTICS_MESSAGES.allColleges },
              ...admin.colleges.map((c) => ({ value: c._id, label: c.name })),
            ]}
            value={picked}
            onChange={(value) => {
              setPicked(value ?? ALL);
              setPage(1);
            }}
            allowDeselect={false}
            searchable
            w={{ base: '100%', xs: 320 }}
          />
        )}
        {companies.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {ANALYTICS_MESSAGES.failedCompanies}
          </Alert>
        ) : companies.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        ) : names.length === 0 ? (
          <Text c="dimmed">{ANALYTICS_MESSAGES.noCompanies}</Text>
        ) : (
          // Short names: two or three columns use the width instead of one long, thin list.
          <List spacing={4} size="sm" style={{ columns: '3 180px', columnGap: 32 }}>
            {names.map((company) => (
              <List.Item key={company._id}>{company.name}</List.Item>
            ))}
          </List>
        )}
        {companies.data && companies.data.totalCompanies > 0 && (
          <PrevNextPager page={page} totalPages={companies.data.totalPages} onChange={setPage}>
            Page {page} of {companies.data.totalPages} (Total Companies:{' '}
            {companies.data.totalCompanies})
          </PrevNextPager>
        )}
      </Stack>
    </Paper>
  );
}
