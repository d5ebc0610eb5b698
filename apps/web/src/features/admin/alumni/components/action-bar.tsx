import { ADMIN_MESSAGES, type DispatchMethod } from '@alumnet/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconEdit,
  IconMail,
  IconMessage,
  IconTrash,
  IconUserX,
  IconX,
} from '@tabler/icons-react';
import type { ActionRules } from '../utils/actions';

const BULK: { method: DispatchMethod; label: string; icon: typeof IconCheck }[] = [
  { method: 'approve', label: 'Approve', icon: IconCheck },
  { method: 'email', label: 'Email', icon: IconMail },
  { method: 'whatsapp', label: 'WhatsApp', icon: IconBrandWhatsapp },
  { method: 'sms', label: 'SMS', icon: IconMessage },
];

interface Props {
  rules: ActionRules;
  /** How many rows are ticked, and in select-all mode how many users match. */
  selectedCount: number;
  totalResults: number;
  selectAll: boolean;
  onJob: (method: DispatchMethod) => void;
  onUpdateMetadata: () => void;
  onReject: () => void;
  onDelete: () => void;
  onClear: () => void;
}

/** admin-area.md §2 "Action bar": shown while at least one row, or select-all, is chosen. */
export function ActionBar({
  rules,
  selectedCount,
  totalResults,
  selectAll,
  onJob,
  onUpdateMetadata,
  onReject,
  onDelete,
  onClear,
}: Props) {
  if (!rules.visible) return null;
  const summary = selectAll
    ? `All ${totalResults} matching ${totalResults === 1 ? 'user is' : 'users are'} selected`
    : `${selectedCount} ${selectedCount === 1 ? 'user' : 'users'} selected`;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="blue.0"
      component="section"
      aria-label="Actions for the selected users"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm" aria-live="polite">
            {summary}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconX size={14} />}
            onClick={onClear}
          >
            Clear selection
          </Button>
        </Group>
        <Group gap="xs">
          {BULK.map(({ method, label, icon: Icon }) => (
            <Button
              key={method}
              size="xs"
              leftSection={<Icon size={16} />}
              disabled={rules[method]}
              onClick={() => onJob(method)}
            >
              {label}
            </Button>
          ))}
          {rules.showUpdateMetadata && (
            <Button
              size="xs"
              color="yellow"
              c="dark"
              leftSection={<IconEdit size={16} />}
              onClick={onUpdateMetadata}
            >
              Update Meta Data
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            color="orange"
            leftSection={<IconUserX size={16} />}
            disabled={rules.reject}
            onClick={onReject}
          >
            Reject User
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={rules.delete}
            onClick={onDelete}
          >
            Delete User
          </Button>
        </Group>
        {rules.hasNewCollegeData && (
          <Text size="xs" c="orange.9">
            {ADMIN_MESSAGES.newCollegeDataBlocked}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
