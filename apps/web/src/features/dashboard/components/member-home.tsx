import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Card,
  Grid,
  Group,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBriefcase,
  IconHome,
  IconLogout,
  IconMessageCircle,
  IconPencil,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { logout, meQuery } from '../../../lib/session';

const sections = [
  {
    to: paths.feed,
    label: 'Feed',
    icon: IconHome,
    text: 'Posts from your college, batch and branch.',
  },
  {
    to: paths.alumzone,
    label: 'Alum Zone',
    icon: IconUsers,
    text: 'Find alumni by name, batch, branch, company or city.',
  },
  { to: paths.jobs, label: 'Jobs', icon: IconBriefcase, text: 'Openings shared by fellow alumni.' },
  {
    to: paths.chat,
    label: 'Chat',
    icon: IconMessageCircle,
    text: 'One-to-one messages with members of your college.',
  },
  {
    to: paths.profile,
    label: 'Profile',
    icon: IconUserCircle,
    text: 'Your city, company, picture and password.',
  },
];

/** The signed-in shell: header, the member's card and the member-area sections. */
export function MemberHome() {
  const { data } = useSuspenseQuery(meQuery);
  const user = data.user;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  if (!user) return null;

  async function signOut() {
    try {
      await logout(queryClient);
      await navigate(paths.login);
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  return (
    <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" aria-label="Alumnet home">
            <Logo />
          </Anchor>
          <Tooltip label="Log out">
            <ActionIcon variant="subtle" size="lg" aria-label="Log out" onClick={signOut}>
              <IconLogout size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Grid gap="lg" maw={1200} mx="auto">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="lg" padding="lg">
              <Stack align="center" gap={6} ta="center">
                <Avatar
                  src={
                    user.profilePic ? `/v1/s3?image=${encodeURIComponent(user.profilePic)}` : null
                  }
                  size={88}
                  radius={88}
                  color="blue"
                >
                  {user.firstName[0]}
                  {user.lastName[0]}
                </Avatar>
                <Group gap={4} justify="center">
                  <Title order={3}>{user.fullName}</Title>
                  <Tooltip label="Edit profile">
                    <ActionIcon
                      component={Link}
                      to={paths.profile}
                      variant="subtle"
                      size="sm"
                      aria-label="Edit profile"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                {(user.branchName || user.batchName) && (
                  <Text size="sm" c="dimmed">
                    {[user.branchName, user.batchName].filter(Boolean).join(' · ')}
                  </Text>
                )}
                {user.collegeName && <Text size="sm">{user.collegeName}</Text>}
                {user.userType === 'a' && (
                  <Badge variant="light">
                    {user.isSuperAdmin ? 'Super admin' : 'College admin'}
                  </Badge>
                )}
                <Anchor component="button" size="sm" mt="xs" onClick={signOut}>
                  Logout
                </Anchor>
              </Stack>
              <Stack gap={2} mt="lg">
                {sections.map((s) => (
                  <NavLink
                    key={s.to}
                    component={Link}
                    to={s.to}
                    label={s.label}
                    leftSection={<s.icon size={18} />}
                    active={location.pathname === s.to}
                  />
                ))}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Card withBorder radius="lg" padding="lg">
                <Title order={2}>Welcome, {user.firstName}!</Title>
                <Text c="dimmed" mt={4}>
                  You are signed in to Alumnet{user.collegeName ? ` for ${user.collegeName}` : ''}.
                  The member area opens section by section; here is what is coming.
                </Text>
              </Card>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {sections.map((s) => (
                  <Card key={s.to} withBorder radius="lg" padding="md">
                    <Group wrap="nowrap" align="flex-start">
                      <ThemeIcon variant="light" size="lg" radius="md">
                        <s.icon size={20} />
                      </ThemeIcon>
                      <div>
                        <Text fw={600}>{s.label}</Text>
                        <Text size="sm" c="dimmed">
                          {s.text}
                        </Text>
                      </div>
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          </Grid.Col>
        </Grid>
      </AppShell.Main>
    </AppShell>
  );
}
