import {
  ActionIcon,
  Anchor,
  Avatar,
  Burger,
  Drawer,
  Group,
  NavLink,
  Stack,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBriefcase,
  IconCalendar,
  IconCompass,
  IconDeviceGamepad2,
  IconHome,
  IconLayoutDashboard,
  IconLogout,
  IconMessageCircle,
  IconUserCircle,
  IconUsersGroup,
  IconMessageReport,
  IconPhoto,
  IconUsers,
} from '@tabler/icons-react';
import { imageUrl } from '@alumnet/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { notify } from '../lib/notify';
import { followNotifications } from '../lib/notification-count';
import { isAdmin, logout, meQuery } from '../lib/session';
import { useAfterLoad } from '../lib/use-after-load';
import { Logo } from './logo';
import { NotificationBell, NotificationsNavLink } from './notification-bell';

export const memberSections = [
  { to: paths.feed, label: 'Feed', icon: IconHome },
  { to: paths.alumzone, label: 'Alum Zone', icon: IconUsers },
  { to: paths.jobs, label: 'Jobs', icon: IconBriefcase },
  { to: paths.chat, label: 'Chat', icon: IconMessageCircle },
  { to: paths.gallery, label: 'Gallery', icon: IconPhoto },
  { to: paths.groups, label: 'Groups', icon: IconUsersGroup },
  { to: paths.events, label: 'Events', icon: IconCalendar },
  { to: paths.mentoring, label: 'Mentoring', icon: IconCompass },
  { to: paths.feedback, label: 'Feedback', icon: IconMessageReport },
  { to: paths.quiz, label: 'Quiz', icon: IconDeviceGamepad2 },
  { to: paths.profile, label: 'Profile', icon: IconUserCircle },
] as const;

/**
 * Below this width (1200 px) the sections sit in the menu behind the burger: on a tablet or a
 * small laptop the eleven of an admin's header do not fit in one row beside the logo and avatar.
 * Above it the row carries the labels without their icons (the menu keeps them): with icons, a
 * member's ten came to 1,023 px and an admin's eleven to 1,122 px, past the 950 px the header
 * has beside the logo and the avatar at any width (its content stops at 1,240 px).
 */
const NAV_BREAKPOINT = 'lg';

/** admin-area.md: the way from the member screens into the admin area, for admins only. */
const adminSection = { to: paths.dashboard, label: 'Admin', icon: IconLayoutDashboard };

/** Signs out, forgets the stored user and goes to /login; a failure becomes a toast. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout(queryClient);
      await navigate(paths.login);
    } catch (error) {
      notify.error((error as Error).message);
    }
  };
}

/**
 * The chat connection opens once a member is signed in and stays open across screens. Its code
 * (Socket.IO) is fetched here rather than with the screen, and once the page has loaded: no
 * screen needs it to paint, and on a phone's network it would share the line with the screen's
 * data and pictures. A component of its own, so that the load event re-renders only it.
 */
function RealtimeConnection({ userId }: { userId: string }) {
  const loaded = useAfterLoad();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    let unfollow: (() => void) | undefined;
    void import('../lib/realtime').then(({ connectRealtime }) => {
      // The bell's count follows the member's `notification` events (lib/notification-count).
      if (current) unfollow = followNotifications(connectRealtime(userId), queryClient);
    });
    return () => {
      current = false;
      unfollow?.();
    };
  }, [userId, loaded, queryClient]);
  return null;
}

/*
 * The frame: a fixed header over the page, as Mantine's AppShell drew it, without the AppShell's
 * resize bookkeeping (a state change just after it mounted redrew the screen inside it once more,
 * a few hundred components, during the page's load). Inline: a stylesheet of its own would be one
 * more file before every signed-in screen's first paint.
 */
const HEADER_HEIGHT = '3.75rem';
const frame = {
  shell: { backgroundColor: 'var(--mantine-color-gray-0)' },
  header: {
    position: 'fixed',
    top: 0,
    insetInline: 0,
    zIndex: 100,
    height: HEADER_HEIGHT,
    paddingInline: 'var(--mantine-spacing-md)',
    backgroundColor: 'var(--mantine-color-body)',
    borderBottom: '1px solid var(--mantine-color-gray-3)',
  },
  main: {
    minHeight: '100dvh',
    padding: `calc(${HEADER_HEIGHT} + var(--mantine-spacing-md)) var(--mantine-spacing-md) var(--mantine-spacing-md)`,
  },
  content: { maxWidth: 1240, margin: '0 auto' },
} satisfies Record<string, CSSProperties>;

/**
 * The signed-in frame of every member and admin screen: header with logo, sections, the
 * notifications bell, the profile and logout.
 */
export function MemberLayout({ children }: { children: ReactNode }) {
  const { data } = useSuspenseQuery(meQuery);
  const user = data.user;
  const location = useLocation();
  const signOut = useSignOut();
  const [opened, { toggle, close }] = useDisclosure(false);
  const admin = isAdmin(user);
  // An admin's home and /dashboard are the admin area; a member's are the feed.
  const { pathname } = location;
  const home = pathname === paths.home || pathname === paths.dashboard;
  const inAdminArea = admin && (home || pathname.startsWith(`${paths.dashboard}/`));
  const sections = admin ? [adminSection, ...memberSections] : memberSections;
  const active = (to: string) =>
    to === paths.dashboard
      ? inAdminArea
      : pathname === to ||
        (to === paths.feed && !admin && home) ||
        // An event's page is under Events.
        (to === paths.events && pathname.startsWith(`${paths.events}/`)) ||
        (to === paths.mentoring && pathname.startsWith(`${paths.mentoring}/`));

  return (
    <div style={frame.shell}>
      {user && <RealtimeConnection userId={user._id} />}
      <header style={frame.header}>
        <Group h="100%" justify="space-between" wrap="nowrap" maw={1240} mx="auto">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom={NAV_BREAKPOINT}
              size="sm"
              aria-label="Open navigation"
            />
            <Anchor component={Link} to={paths.home} underline="never" aria-label="Alumnet home">
              <Logo />
            </Anchor>
          </Group>
          <Group gap={4} visibleFrom={NAV_BREAKPOINT} wrap="nowrap">
            {sections
              .filter((s) => s.to !== paths.profile)
              .map((s) => (
                <NavLink
                  key={s.to}
                  component={Link}
                  to={s.to}
                  label={s.label}
                  active={active(s.to)}
                  w="auto"
                  px="xs"
                  style={{ borderRadius: 8 }}
                  styles={{ label: { whiteSpace: 'nowrap' } }}
                />
              ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {user && <NotificationBell />}
            {user && (
              <Tooltip label="Your profile">
                <UnstyledButton component={Link} to={paths.profile}>
                  <Avatar
                    src={user.profilePic ? imageUrl(user.profilePic, 'thumb') : null}
                    alt=""
                    radius="xl"
                    size={34}
                    color="blue"
                  >
                    {/* Read aloud the link is "Your profile"; the initials are its picture. */}
                    <span aria-hidden="true">
                      {user.firstName[0]}
                      {user.lastName[0]}
                    </span>
                  </Avatar>
                  <VisuallyHidden>Your profile</VisuallyHidden>
                </UnstyledButton>
              </Tooltip>
            )}
            <Tooltip label="Log out">
              <ActionIcon variant="subtle" size="lg" aria-label="Log out" onClick={signOut}>
                <IconLogout size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </header>
      <Drawer
        opened={opened}
        onClose={close}
        size="75%"
        title={<Logo />}
        hiddenFrom={NAV_BREAKPOINT}
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <Stack gap={2}>
          {sections.map((s) => (
            <NavLink
              key={s.to}
              component={Link}
              to={s.to}
              label={s.label}
              leftSection={<s.icon size={18} />}
              active={active(s.to)}
              onClick={close}
            />
          ))}
          {user && (
            <NotificationsNavLink active={pathname === paths.notifications} onClick={close} />
          )}
          <NavLink label="Logout" leftSection={<IconLogout size={18} />} onClick={signOut} />
        </Stack>
      </Drawer>
      <main style={frame.main}>
        <div style={frame.content}>{children}</div>
      </main>
    </div>
  );
}
