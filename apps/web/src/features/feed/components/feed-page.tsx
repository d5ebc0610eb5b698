import { Box, Button, Card, List, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { FEED_FILTERS, type FeedFilter, type Post, type SignedInUser } from '@alumnet/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { meQuery } from '../../../lib/session';
import { LinkedPost } from './linked-post';
import { PostList } from './post-list';
import { ProfilePanel } from './profile-panel';
import classes from './feed-page.module.css';

const FILTER_LABELS: Record<FeedFilter, string> = {
  all: 'All Posts',
  college: 'College Posts',
  batch: 'Batch Posts',
  branch: 'Branch Posts',
};

// The composer (a modal with its select, file input and upload code) is fetched when first
// opened: none of it is needed to show the feed.
const NewPostModal = lazy(async () => ({
  default: (await import('./new-post-modal')).NewPostModal,
}));

/** `/`, `/dashboard` and `/feed` for a signed-in member (member-portal.md §2 "Feed / dashboard"). */
export function FeedPage() {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{data.user && <Feed user={data.user} />}</MemberLayout>;
}

function Feed({ user }: { user: SignedInUser }) {
  const [filter, setFilter] = useState<FeedFilter>('all');
  const [composerLoaded, setComposerLoaded] = useState(false);
  const [composing, composer] = useDisclosure(false, { onOpen: () => setComposerLoaded(true) });
  // `/feed?post={id}` (a notification's link): that post first, and not again in the list.
  const { search } = useLocation();
  const linkedPostId = new URLSearchParams(search).get('post');

  // A new post goes on top of the list in view; if the tab would hide it, show all posts.
  function showCreated(created: Post) {
    if (filter !== 'all' && filter !== created.accessLevel) setFilter('all');
  }

  return (
    <div className={classes.layout}>
      <Box component="aside" aria-label="Your profile" className={classes.side}>
        <ProfilePanel user={user} />
      </Box>

      <Stack component="section" aria-label="Posts" gap="md" miw={0}>
        {linkedPostId && <LinkedPost key={linkedPostId} postId={linkedPostId} userId={user._id} />}
        <Box>
          <Title order={1} size="h3">
            Welcome, {user.firstName}!
          </Title>
          <Text c="dimmed" size="sm">
            What's new with your college, batch and branch.
          </Text>
        </Box>
        <Button
          hiddenFrom="md"
          size="md"
          fullWidth
          leftSection={<IconPlus size={20} />}
          onClick={composer.open}
        >
          New Post
        </Button>
        <Tabs
          value={filter}
          onChange={(value) => setFilter((value as FeedFilter | null) ?? 'all')}
          variant="pills"
          radius="xl"
          keepMounted={false}
        >
          <ScrollArea type="never">
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {FEED_FILTERS.map((f) => (
                <Tabs.Tab key={f} value={f} style={{ whiteSpace: 'nowrap' }}>
                  {FILTER_LABELS[f]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          {FEED_FILTERS.map((f) => (
            // Only the chosen tab is mounted: choosing another fetches its posts.
            <Tabs.Panel key={f} value={f} pt="md">
              <PostList
                userId={user._id}
                filter={f}
                onNewPost={composer.open}
                hiddenId={linkedPostId}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>

      <Box component="aside" aria-label="Share" className={classes.side} visibleFrom="md">
        <Stack gap="md">
          <Button size="md" fullWidth leftSection={<IconPlus size={20} />} onClick={composer.open}>
            New Post
          </Button>
          <Card withBorder radius="lg" padding="md">
            <Text fw={600} mb="xs">
              Tips for a good post
            </Text>
            <List size="sm" spacing={6} c="dimmed">
              <List.Item>Share with your batch or branch to reach the people you know.</List.Item>
              <List.Item>Add a photo: reunions and campus memories get the most likes.</List.Item>
              <List.Item>Hiring? Say so — alumni help alumni.</List.Item>
            </List>
          </Card>
        </Stack>
      </Box>

      {composerLoaded && (
        <Suspense fallback={null}>
          <NewPostModal
            userId={user._id}
            opened={composing}
            onClose={composer.close}
            onCreated={showCreated}
          />
        </Suspense>
      )}
    </div>
  );
}
