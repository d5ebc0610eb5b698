import { Button, Divider, Drawer, Stack } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';
import type { SectionId } from './landing-links';
import { LandingNavLinks } from './nav-links';

type LandingMenuProps = {
  opened: boolean;
  onClose: () => void;
  /** Called once the drawer has finished closing (page scrolling is unlocked again). */
  onClosed: () => void;
  goTo: (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** The landing header's menu on narrow screens: the same links as the header, in a drawer. */
export function LandingMenu({ opened, onClose, onClosed, goTo }: LandingMenuProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      position="right"
      size="xs"
      title={<Logo size={28} />}
      hiddenFrom="md"
    >
      <Stack component="nav" aria-label="Menu" gap="xs">
        <LandingNavLinks linkProps={{ c: 'dark.6', py: 6 }} goTo={goTo} onPage={onClose} />
        <Divider my="sm" />
        <Button component={Link} to={paths.login} variant="default" fullWidth onClick={onClose}>
          Log in
        </Button>
        <Button component={Link} to={paths.signup} fullWidth onClick={onClose}>
          Sign up
        </Button>
      </Stack>
    </Drawer>
  );
}
