import { Button, Card, Center, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import type { FeedFilter } from '@alumnet/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useEffectEvent, useState } from 'react';
import { notify } from '../../../lib/notify';
import { feedQuery } from '../api/posts';
import { PostCard } from '../../../components/post-card';

function PostSkeleton() {
  return (
    <Card withBorder radius="lg" padding="md" aria-hidden>
      <Group gap="sm" wrap="nowrap">
        <Skeleton circle height={44} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={10} width="25%" />
        </Stack>
      </Group>
      <Skeleton height={12} mt="md" />
      <Skeleton height={12} mt={8} width="80%" />
      <Skeleton height={12} mt={8} width="60%" />
    </Card>
  );
}

/**
 * Posts drawn in the first render of the feed: more than a phone's screen holds. The others are
 * drawn a few at a time as the reader scrolls towards them, each batch in a transition, so that
 * neither opening the feed nor scrolling it ever commits a page of twenty posts (a few thousand
 * components) in one task; the next page is fetched once every loaded post is drawn.
 */
const FIRST_POSTS = 3;
const MORE_POSTS = 4;

type PostListProps = {
  userId: string;
  filter: FeedFilter;
  onNewPost: () => void;
  /** A post shown above the list already (a link's, `/feed?post=`): not drawn twice. */
  hiddenId?: string | null;
};

export function PostList({ userId, filter, onNewPost, hiddenId }: PostListProps) {
  const query = useInfiniteQuery(feedQuery(userId, filter));
  const { data, error, errorUpdatedAt, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loaded = data?.pages.flat() ?? [];
  const posts = hiddenId ? loaded.filter((p) => p._id !== hiddenId) : loaded;
  const [drawn, setDrawn] = useState(FIRST_POSTS);
  const allDrawn = drawn >= posts.length;
  // The end of the list coming near draws more; the button stays for keyboards and old browsers.
  const { ref: sentinel, entry } = useIntersection({ rootMargin: '600px 0px' });
  const near = entry?.isIntersecting ?? false;
  const more = () => {
    if (!allDrawn) startTransition(() => setDrawn((n) => n + MORE_POSTS));
    else if (hasNextPage && !isFetchingNextPage && !error) void fetchNextPage();
  };

  useEffect(() => {
    if (error) notify.error('Error fetching posts');
  }, [error, errorUpdatedAt]);

  // Also after each batch and each page: while the end stays near (the observer then reports
  // nothing new), the next follows.
  const moreWhileNear = useEffectEvent(() => {
    if (near) more();
  });
  useEffect(() => moreWhileNear(), [near, drawn, posts.length, isFetchingNextPage]);

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label="Loading posts">
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  }

  if (query.isError && loaded.length === 0) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" gap="sm">
          <Text c="dimmed">The posts could not be loaded.</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Card>
    );
  }

  if (loaded.length === 0) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState
          variant="light"
          icon={<IconMessages size={28} />}
          title="Looks like there are no posts as yet!"
          description="Be the first one to post."
        >
          <EmptyState.Actions>
            <Button leftSection={<IconPlus size={18} />} onClick={onNewPost}>
              Write the first post
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      {posts.slice(0, drawn).map((p) => (
        <PostCard key={p._id} post={p} userId={userId} />
      ))}
      <Center ref={sentinel} py="sm">
        {!allDrawn || hasNextPage ? (
          <Button variant="light" loading={isFetchingNextPage} onClick={more}>
            Load more
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            You're all caught up.
          </Text>
        )}
      </Center>
    </Stack>
  );
}
