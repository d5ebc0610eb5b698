import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Ending is final for everyone in the room, so it is asked once more. */
export function EndGameDialog({
  opened,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title="End the game" centered>
      <Stack gap="md">
        <Text>
          End the game now? The remaining questions are skipped and the players see the final
          results.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            End game
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
