import { Select } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useAdminCollege } from '../hooks/use-admin-college';

/** admin-area.md §2: a super admin picks the college the screen works on; others see nothing. */
export function CollegeSelect() {
  const { isSuperAdmin, colleges, collegeId, setCollegeId, isLoading } = useAdminCollege();
  if (!isSuperAdmin) return null;
  return (
    <Select
      aria-label="Select a college"
      placeholder="Select a college"
      leftSection={<IconBuildingBank size={16} />}
      data={colleges.map((c) => ({ value: c._id, label: c.name }))}
      value={collegeId || null}
      onChange={(value) => value && setCollegeId(value)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No college by that name"
      disabled={isLoading}
      w={{ base: '100%', xs: 360 }}
    />
  );
}
