import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { Logo } from './logo';

const navLinks = [
  { label: 'Home', to: paths.home },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Support', to: paths.support },
] as const;

type PublicLayoutProps = { children: ReactNode };

/** Frame of the open pages (privacy, support, notifications): header navigation and footer. */
export function PublicLayout({ children }: PublicLayoutProps) {
  const { pathname } = useLocation();
  const year = new Date().getFullYear();

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        bg="white"
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" gap="xs" style={{ rowGap: 4 }}>
            <Anchor component={Link} to={paths.home} underline="never" aria-label="Alumnet home">
              <Logo size={30} />
            </Anchor>
            <Group component="nav" aria-label="Main" gap="lg" wrap="nowrap">
              {navLinks.map((link) => {
                const active = pathname === link.to;
                return (
                  <Anchor
                    key={link.to}
                    component={Link}
                    to={link.to}
                    size="sm"
                    fw={active ? 600 : 500}
                    c={active ? 'blue.7' : 'gray.7'}
                    underline="never"
                    aria-current={active ? 'page' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {link.label}
                  </Anchor>
                );
              })}
            </Group>
          </Group>
        </Container>
      </Box>

      <Box component="main" style={{ flex: 1 }} py={{ base: 'xl', sm: 48 }}>
        {children}
      </Box>

      <Box
        component="footer"
        bg="gray.0"
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="lg" py="lg">
          <Text size="sm" c="dimmed" ta="center">
            © {year} Alumnet
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
