import { SETUP_KINDS } from '@alumnet/contract';
import { SimpleGrid, Stack } from '@mantine/core';
import { paths } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { SetupColumn } from './setup-column';

/** `/dashboard/setup` (ours; PRODUCT.md "The college structure"): degrees, courses, branches, batches. */
export function SetupPage() {
  return (
    <AdminOnly>
      <Setup />
    </AdminOnly>
  );
}

function Setup() {
  const { collegeId, college } = useAdminCollege();
  return (
    <Stack gap="lg">
      <PageHeader
        back={paths.home}
        title="College Setup"
        description={
          <>
            {college?.name ?? ''}: what is added here shows up at once in sign-up, the directory and
            the filters.
          </>
        }
      >
        <CollegeSelect />
      </PageHeader>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
        {SETUP_KINDS.map((kind) => (
          // Another college starts the forms afresh.
          <SetupColumn key={`${kind}-${collegeId}`} kind={kind} collegeId={collegeId} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
