import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { PublicLayout } from '../../../components/public-layout';

/** member-portal.md §2: a static placeholder, the same whether signed in or not. */
export function NotificationsPage() {
  return (
    <PublicLayout>
      <Container size="sm">
        <Title order={1} fz={{ base: 32, sm: 40 }}>
          Notifications
        </Title>
        <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }} mt="xl">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconBell size={32} />
            </ThemeIcon>
            <Text size="lg" c="gray.7" maw={420}>
              You have no notifications yet. Likes, comments, messages and approvals will appear
              here.
            </Text>
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
