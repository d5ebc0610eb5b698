import type { Suppression } from '@alumnet/contract';
import { Badge } from '@mantine/core';
import { REASON_COLOR, REASON_LABEL } from '../utils/reason';

/** Never shortened: a table column or a card row makes room for the whole word. */
export function ReasonBadge({ reason }: { reason: Suppression['reason'] }) {
  return (
    <Badge
      color={REASON_COLOR[reason]}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {REASON_LABEL[reason]}
    </Badge>
  );
}
