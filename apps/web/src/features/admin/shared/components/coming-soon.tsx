import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';

/** An admin screen another issue builds: the link works and says so plainly. */
export function ComingSoon({ title, inline = false }: { title: string; inline?: boolean }) {
  return (
    <Card withBorder={!inline} radius="lg" padding="xl" maw={640} mx="auto" mt={inline ? 0 : 'xl'}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconTools size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {title} is coming next
        </Title>
        <Text c="dimmed">This part of the admin area is being built.</Text>
        {!inline && (
          <Button
            component={Link}
            to={paths.dashboard}
            variant="light"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to the dashboard
          </Button>
        )}
      </Stack>
    </Card>
  );
}
