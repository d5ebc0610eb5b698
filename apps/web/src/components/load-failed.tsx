import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** What a section shows when its data could not be loaded: what failed, why, and a retry. */
export function LoadFailed({
  title,
  error,
  retry,
}: {
  title: string;
  error: Error;
  retry: () => void;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
