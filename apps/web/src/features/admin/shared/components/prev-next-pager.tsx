import { Button, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './prev-next-pager.module.css';

/** admin-area.md §5: Previous is disabled on page 1 and Next on the last page. */
export function PrevNextPager({
  page,
  totalPages,
  onChange,
  children,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The text between the buttons; 'Page x of y' by default. */
  children?: ReactNode;
}) {
  return (
    <div className={classes.pager}>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} />}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" className={classes.label}>
        {children ?? `Page ${page} of ${totalPages}`}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} />}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </div>
  );
}
