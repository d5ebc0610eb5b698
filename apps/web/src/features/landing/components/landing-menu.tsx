import { Anchor, Button, Divider, Drawer, Stack } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';
import { pageLinks, sectionLinks, type SectionId } from './landing-links';

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
        {sectionLinks.map((link) => (
          <Anchor
            key={link.id}
            href={`#${link.id}`}
            onClick={goTo(link.id)}
            c="dark.6"
            fw={500}
            py={6}
            underline="never"
          >
            {link.label}
          </Anchor>
        ))}
        {pageLinks.map((link) => (
          <Anchor
            key={link.to}
            component={Link}
            to={link.to}
            onClick={onClose}
            c="dark.6"
            fw={500}
            py={6}
            underline="never"
          >
            {link.label}
          </Anchor>
        ))}
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
