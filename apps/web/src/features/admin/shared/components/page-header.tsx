import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A Back link, the screen title (and a line under it) and whatever sits at the right (a select, a total). */
export function PageHeader({
  back,
  backLabel = 'Back',
  title,
  description,
  children,
}: {
  back: string;
  backLabel?: string;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={4}>
        <Button
          component={Link}
          to={back}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          px={0}
          w="fit-content"
        >
          {backLabel}
        </Button>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Group>
  );
}
