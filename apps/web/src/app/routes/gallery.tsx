import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { PublicLayout } from '../../components/public-layout';
import { paths } from '../../config/paths';
import { GalleryPage } from '../../features/gallery/components/gallery-page';
import type { currentUser } from '../guards';

/** `/gallery` is open to everyone: members see the pictures, visitors are asked to sign in. */
export function GalleryRoute() {
  const user = useLoaderData<typeof currentUser>();
  if (user) return <GalleryPage />;
  return (
    <PublicLayout>
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>Gallery</Title>
          <Text c="dimmed">
            Sign in to see the photos your college, batch and branch have shared.
          </Text>
          <Button component={Link} to={paths.login}>
            Log in
          </Button>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
