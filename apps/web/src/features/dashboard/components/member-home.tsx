import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { MemberLayout, memberSections } from '../../../components/member-layout';

/** A member section that has not opened yet: the frame works, the screen says so plainly. */
export function MemberHome() {
  const location = useLocation();
  const section = memberSections.find((s) => s.to === location.pathname)?.label ?? 'This page';
  return (
    <MemberLayout>
      <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" mt="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={30} />
          </ThemeIcon>
          <Title order={2}>{section} is on its way</Title>
          <Text c="dimmed">
            This part of Alumnet is being built. The feed, Alum Zone and your profile are open now.
          </Text>
        </Stack>
      </Card>
    </MemberLayout>
  );
}
