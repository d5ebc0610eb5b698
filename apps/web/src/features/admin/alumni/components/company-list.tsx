import { Alert, List, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { collegeCompaniesQuery } from '../api/dashboard';

/** admin-area.md §9: the company list shows 10 names a page. */
const COMPANIES_PAGE_SIZE = 10;

/**
 * admin-area.md §2 "Company List", for the chosen college. Until the spec's paged
 * /api/dashboard/companies call exists, it pages the college's company names here.
 */
export function CompanyList({ collegeId }: { collegeId: string }) {
  const companies = useQuery(collegeCompaniesQuery(collegeId));
  const [page, setPage] = useState(1);
  const names = companies.data ?? [];
  const totalPages = Math.max(1, Math.ceil(names.length / COMPANIES_PAGE_SIZE));
  const shown = names.slice((page - 1) * COMPANIES_PAGE_SIZE, page * COMPANIES_PAGE_SIZE);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Company List">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Company List
        </Title>
        {companies.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            Failed to load companies. Please try again.
          </Alert>
        ) : companies.data && names.length === 0 ? (
          <Text c="dimmed">No companies found for the selected college.</Text>
        ) : (
          // Short names: two or three columns use the width instead of one long, thin list.
          <List spacing={4} size="sm" style={{ columns: '3 180px', columnGap: 32 }}>
            {shown.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        )}
        {names.length > 0 && (
          <Stack gap={4}>
            <Pagination total={totalPages} value={page} onChange={setPage} size="sm" />
            <Text size="xs" c="dimmed">
              Page {page} of {totalPages} (Total Companies: {names.length})
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
