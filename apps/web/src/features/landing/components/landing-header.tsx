import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';
import { scrollToSection, type SectionId } from './landing-links';
import { LandingNavLinks } from './nav-links';

// The phone menu (a drawer, with its focus trap and scroll lock) is fetched when first opened:
// none of it is needed to paint the page.
const LandingMenu = lazy(async () => ({ default: (await import('./landing-menu')).LandingMenu }));

export function LandingHeader() {
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [opened, { toggle, close }] = useDisclosure(false, { onOpen: () => setMenuLoaded(true) });
  // The drawer locks page scrolling while open, so a section chosen in it is scrolled to only
  // after the drawer has finished closing.
  const pending = useRef<SectionId | null>(null);

  const goTo = (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (opened) {
      pending.current = id;
      close();
    } else {
      scrollToSection(id);
    }
  };

  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" aria-label="Alumnet home">
            <Logo size={32} />
          </Anchor>

          <Group component="nav" aria-label="Main" gap="xl" wrap="nowrap" visibleFrom="md">
            <LandingNavLinks linkProps={{ c: 'gray.7', size: 'sm' }} goTo={goTo} />
          </Group>

          <Group gap="sm" wrap="nowrap" visibleFrom="md">
            <Button component={Link} to={paths.login} variant="default">
              Log in
            </Button>
            <Button component={Link} to={paths.signup}>
              Sign up
            </Button>
          </Group>

          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={opened ? 'Close menu' : 'Open menu'}
          />
        </Group>
      </Container>

      {/* Mounted from the first opening on, so that its closing transition still plays. */}
      {(opened || menuLoaded) && (
        <Suspense fallback={null}>
          <LandingMenu
            opened={opened}
            onClose={close}
            onClosed={() => {
              if (pending.current) scrollToSection(pending.current);
              pending.current = null;
            }}
            goTo={goTo}
          />
        </Suspense>
      )}
    </Box>
  );
}
