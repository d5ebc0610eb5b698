import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMapOff } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Logo } from '../components/logo';
import { paths } from '../config/paths';

/** Replaces the framework's bare 'Unexpected Application Error!' with a page a person can use. */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  const missing = notFound || (isRouteErrorResponse(error) && error.status === 404);
  const detail =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : null;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Logo />
        {missing ? (
          <IconMapOff size={48} stroke={1.5} />
        ) : (
          <IconAlertTriangle size={48} stroke={1.5} color="orange" />
        )}
        <Title order={1}>{missing ? 'Page not found' : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {missing
            ? 'The page you are looking for does not exist or has moved.'
            : 'An unexpected error stopped this page. Reloading usually helps; if it keeps happening, tell us through the Support page.'}
        </Text>
        {!missing && detail && <Code>{detail}</Code>}
        <Group justify="center">
          {!missing && <Button onClick={() => window.location.reload()}>Reload</Button>}
          <Button component={Link} to={paths.home} variant={missing ? 'filled' : 'default'}>
            Go to the home page
          </Button>
          <Button component={Link} to={paths.support} variant="subtle">
            Support
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
