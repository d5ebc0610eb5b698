import { LoadingOverlay, Loader, Stack, Text } from '@mantine/core';

/** admin-area.md §2: the full-screen 'Processing' overlay while a bulk job or action runs. */
export function ProcessingOverlay({ visible }: { visible: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={400}
      overlayProps={{ blur: 2, backgroundOpacity: 0.45 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs" role="status" aria-live="assertive">
            <Loader />
            <Text fw={600}>Processing</Text>
          </Stack>
        ),
      }}
    />
  );
}
