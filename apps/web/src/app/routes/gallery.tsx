import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { PublicLayout } from '../../components/public-layout';
import { paths } from '../../config/paths';
import type { currentUser } from '../guards';

/** `/gallery` is open to everyone; the images shared in posts arrive with the feed. */
export function GalleryRoute() {
  const user = useLoaderData<typeof currentUser>();
  return (
    <PublicLayout>
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>Gallery</Title>
          {user ? (
            <Text c="dimmed">Photos shared in posts you can see will appear here.</Text>
          ) : (
            <>
              <Text c="dimmed">
                Sign in to see the photos your college, batch and branch have shared.
              </Text>
              <Button component={Link} to={paths.login}>
                Log in
              </Button>
            </>
          )}
        </Stack>
      </Container>
    </PublicLayout>
  );
}
