import { Badge } from '@mantine/core';
import { COMMUNICATION_LOOK } from '../utils/format';

export function StatusBadge({ status }: { status: keyof typeof COMMUNICATION_LOOK }) {
  const look = COMMUNICATION_LOOK[status];
  return (
    <Badge color={look.color} variant={status === 'not_sent' ? 'outline' : 'light'} radius="sm">
      {look.label}
    </Badge>
  );
}
