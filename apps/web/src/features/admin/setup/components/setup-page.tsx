import { SETUP_KINDS } from '@alumnet/contract';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
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
      <Button
        component={Link}
        to={paths.home}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px={4}
      >
        Back
      </Button>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            College Setup
          </Title>
          <Text c="dimmed" size="sm">
            {college?.name ?? ''}: what is added here shows up at once in sign-up, the directory and
            the filters.
          </Text>
        </div>
        <CollegeSelect />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
        {SETUP_KINDS.map((kind) => (
          // Another college starts the forms afresh.
          <SetupColumn key={`${kind}-${collegeId}`} kind={kind} collegeId={collegeId} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
