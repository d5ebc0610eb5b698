import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { notify } from '../../../lib/notify';

type StoreBadgeProps = {
  icon: TablerIcon;
  overline: string;
  store: string;
  platform: string;
};

function StoreBadge({ icon: StoreIcon, overline, store, platform }: StoreBadgeProps) {
  return (
    <Button
      component="a"
      href="#"
      // The store listings are not published yet; say so instead of jumping to the top.
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        notify.info(`The Alumnet app for ${platform} is coming soon.`);
      }}
      color="dark.9"
      h={56}
      px="lg"
      radius="md"
      leftSection={<StoreIcon size={28} stroke={1.5} />}
      styles={{ root: { border: '1px solid var(--mantine-color-dark-4)' } }}
    >
      <Box component="span" style={{ display: 'flex', flexDirection: 'column', textAlign: 'left' }}>
        <Text component="span" fz={11} lh={1.2} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {/* The link is named by its text: the space keeps "Get it on Google Play" apart. */}
          {overline}{' '}
        </Text>
        <Text component="span" fz={18} fw={600} lh={1.2}>
          {store}
        </Text>
      </Box>
    </Button>
  );
}

export function AppBadges() {
  return (
    <Box component="section" aria-labelledby="apps-title" pb={{ base: 56, md: 96 }}>
      <Container size="lg">
        <Paper
          radius="xl"
          p={{ base: 'xl', md: 48 }}
          style={{
            background:
              'linear-gradient(135deg, var(--mantine-color-blue-7) 0%, var(--mantine-color-indigo-6) 100%)',
          }}
        >
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap="xs" maw={520}>
              <Title id="apps-title" order={2} c="white" fz={{ base: 26, md: 32 }}>
                Alumnet in your pocket
              </Title>
              <Text c="blue.0" size="lg">
                Get the app for Android and iOS and keep up with your college community wherever you
                are.
              </Text>
            </Stack>
            <Group gap="md">
              <StoreBadge
                icon={IconBrandGooglePlay}
                overline="Get it on"
                store="Google Play"
                platform="Android"
              />
              <StoreBadge
                icon={IconBrandApple}
                overline="Download on the"
                store="App Store"
                platform="iOS"
              />
            </Group>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
