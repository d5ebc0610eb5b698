import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { pageLinks } from './landing-links';

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" bg="dark.8" py="xl">
      <Container size="lg">
        <Group justify="space-between" gap="lg">
          <Stack gap={6}>
            <Logo size={28} color="white" />
            <Text size="sm" c="gray.5">
              © {year} Alumnet
            </Text>
          </Stack>
          <Group component="nav" aria-label="Footer" gap="lg">
            {pageLinks.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="gray.3" size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
