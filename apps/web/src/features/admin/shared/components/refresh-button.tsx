import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** An admin screen's "read it again" button, spinning while the list is fetched. */
export function RefreshButton({ onRefresh, loading }: { onRefresh: () => void; loading: boolean }) {
  return (
    <Tooltip label="Refresh">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Refresh"
        onClick={onRefresh}
        loading={loading}
      >
        <IconRefresh size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
