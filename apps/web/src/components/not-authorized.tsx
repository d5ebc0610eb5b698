import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** A closed door with a padlock, in the brand's blue: drawn inline so it costs no request. */
function LockedDoorIllustration() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 200 160"
      width={200}
      height={160}
      role="img"
      aria-label="A locked door"
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <ellipse cx="100" cy="146" rx="78" ry="8" fill="#e7f5ff" />
      <rect x="58" y="18" width="84" height="128" rx="8" fill="#d0ebff" />
      <rect
        x="66"
        y="26"
        width="68"
        height="120"
        rx="4"
        fill="#fff"
        stroke="#74c0fc"
        strokeWidth="3"
      />
      <circle cx="125" cy="112" r="3.5" fill="#74c0fc" />
      <g transform="translate(96 84)">
        <path
          d="M-14 -10v-10a14 14 0 0 1 28 0v10"
          fill="none"
          stroke="#1c7ed6"
          strokeWidth="6"
          strokeLinecap="round"
        />
        <rect x="-22" y="-12" width="44" height="36" rx="7" fill="#1c7ed6" />
        <circle cx="0" cy="4" r="5" fill="#fff" />
        <rect x="-2" y="6" width="4" height="10" rx="2" fill="#fff" />
      </g>
      <g fill="#ffd43b">
        <circle cx="40" cy="40" r="4" />
        <circle cx="164" cy="30" r="3" />
        <circle cx="168" cy="110" r="5" />
        <circle cx="30" cy="104" r="3" />
      </g>
    </svg>
  );
}

/**
 * admin-area.md §6: a signed-in user without the rights for a screen sees this instead of it,
 * with a way back to their own home.
 */
export function NotAuthorized({
  message = 'This page is for college administrators. If you think you should have access, ask your college.',
}: {
  message?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" ta="center" gap="sm">
        <LockedDoorIllustration />
        <Title order={2}>Not authorized</Title>
        <Text c="dimmed">{message}</Text>
        <Button
          component={Link}
          to={paths.dashboard}
          variant="light"
          leftSection={<IconArrowLeft size={16} />}
          mt="xs"
        >
          Back to your dashboard
        </Button>
      </Stack>
    </Card>
  );
}
