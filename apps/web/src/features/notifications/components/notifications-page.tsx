import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { MemberLayout } from '../../../components/member-layout';
import { PublicLayout } from '../../../components/public-layout';
import { meQuery } from '../../../lib/session';
import { NotificationList } from './notification-list';

/**
 * `/notifications`: a signed-in member's notifications (issue 26); a visitor sees the static
 * placeholder of member-portal.md §2, as before.
 */
export function NotificationsPage() {
  const { data } = useSuspenseQuery(meQuery);
  if (!data.user) return <NotificationsPlaceholder />;
  return (
    <MemberLayout>
      <NotificationList />
    </MemberLayout>
  );
}

/** member-portal.md §2: a static placeholder, the visitor's page. */
function NotificationsPlaceholder() {
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
