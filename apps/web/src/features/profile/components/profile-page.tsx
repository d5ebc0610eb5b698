import { imageUrl, type SignedInUser } from '@alumnet/contract';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Grid,
  Paper,
  Skeleton,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBell, IconEyeOff, IconShieldLock } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { meQuery } from '../../../lib/session';
import { profileQuery } from '../api/profile';
import { ProfileForm } from './profile-form';

/** member-portal.md §8: a refusal from the server, or no answer at all. */
const loadFailure = (error: Error) =>
  error instanceof ApiRequestError && error.status > 0
    ? 'Failed to fetch user details'
    : 'Error fetching user details';

/** The member's settings pages, linked under their picture. */
const SETTINGS_LINKS = [
  { to: paths.notificationSettings, label: 'Notification settings', Icon: IconBell },
  { to: paths.securitySettings, label: 'Security', Icon: IconShieldLock },
  { to: paths.privacySettings, label: 'Privacy', Icon: IconEyeOff },
];

/** The profile screen of member-portal.md §2 (route /profile): card left, form right. */
export function ProfilePage() {
  const { data } = useSuspenseQuery(meQuery);
  const user = data.user;
  const profile = useQuery(profileQuery(user?._id ?? ''));

  useEffect(() => {
    if (profile.error) notify.error(loadFailure(profile.error));
  }, [profile.error]);

  return (
    <MemberLayout>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>{user && <ProfileCard user={user} />}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section">
            <Title order={2} size="h3" mb="md">
              Edit Profile
            </Title>
            {profile.data ? (
              <ProfileForm key={profile.data._id} profile={profile.data} />
            ) : profile.error ? (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title={loadFailure(profile.error)}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{profile.error.message}</Text>
                  <Button size="xs" variant="light" color="red" onClick={() => profile.refetch()}>
                    Try again
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <FormSkeleton />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </MemberLayout>
  );
}

/** The left card: picture, full name, branch, batch, college (member-portal.md §2). */
function ProfileCard({ user }: { user: SignedInUser }) {
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-label="Your profile card">
      <Stack align="center" ta="center" gap={4}>
        <Avatar
          src={imageUrl(user.profilePic)}
          alt={user.fullName}
          size={128}
          radius={128}
          mb="sm"
        />
        <Title order={3}>{user.fullName}</Title>
        {user.branchName && <Text c="dimmed">{user.branchName}</Text>}
        {user.batchName && <Text c="dimmed">{user.batchName}</Text>}
        {user.collegeName && (
          <Text fw={500} mt={4}>
            {user.collegeName}
          </Text>
        )}
        <Group gap="xs" justify="center" mt="md">
          {SETTINGS_LINKS.map(({ to, label, Icon }) => (
            <Button
              key={to}
              component={Link}
              to={to}
              variant="light"
              size="xs"
              leftSection={<Icon size={16} />}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading your profile">
      <Skeleton height={72} circle />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {Array.from({ length: 10 }, (_, i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={10} width="40%" />
            <Skeleton height={36} />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
