import type { ConsoleCollege } from '@alumnet/contract';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconShieldOff, IconUserMinus, IconUserPlus } from '@tabler/icons-react';

interface Props {
  college: ConsoleCollege;
  onRename: () => void;
  onAddAdmin: () => void;
  onRemoveAdmin: (admin: ConsoleCollege['admins'][number]) => void;
  onResetSecondFactor: (admin: ConsoleCollege['admins'][number]) => void;
}

/** One college in the console: its name, size and admins, with what a super admin can change. */
export function CollegeCard({
  college,
  onRename,
  onAddAdmin,
  onRemoveAdmin,
  onResetSecondFactor,
}: Props) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {college.name}
            </Title>
            <Text size="sm" c="dimmed">
              {college.memberCount.toLocaleString('en')} members
            </Text>
          </div>
          <Tooltip label="Rename">
            <ActionIcon variant="default" aria-label={`Rename ${college.name}`} onClick={onRename}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Stack gap={6}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Admins
          </Text>
          {college.admins.length === 0 && (
            <Text size="sm" c="dimmed">
              No admin yet.
            </Text>
          )}
          {college.admins.map((admin) => (
            <Group key={admin._id} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {admin.fullName}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {admin.email}
                </Text>
              </div>
              <Group gap={2} wrap="nowrap">
                <Tooltip label="Reset second factor">
                  <ActionIcon
                    color="gray"
                    variant="subtle"
                    aria-label={`Reset ${admin.fullName}'s second factor`}
                    onClick={() => onResetSecondFactor(admin)}
                  >
                    <IconShieldOff size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove as admin">
                  <ActionIcon
                    color="red"
                    variant="subtle"
                    aria-label={`Remove ${admin.fullName} as admin`}
                    onClick={() => onRemoveAdmin(admin)}
                  >
                    <IconUserMinus size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserPlus size={14} />}
          onClick={onAddAdmin}
          w="fit-content"
        >
          Add admin
        </Button>
      </Stack>
    </Paper>
  );
}
