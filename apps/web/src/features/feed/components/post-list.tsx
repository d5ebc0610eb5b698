import { Button, Card, Center, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import type { FeedFilter } from '@alumnet/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { feedQuery } from '../api/posts';
import { PostCard } from './post-card';

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
 * Posts drawn in the first render of a page of the feed: more than a phone's screen holds. The
 * rest follow in a transition, which React renders in small slices between other work, so that
 * showing a page of twenty posts with their comments never blocks the page for long.
 */
const FIRST_POSTS = 3;

type PostListProps = { userId: string; filter: FeedFilter; onNewPost: () => void };

export function PostList({ userId, filter, onNewPost }: PostListProps) {
  const query = useInfiniteQuery(feedQuery(userId, filter));
  const { data, error, errorUpdatedAt, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const posts = data?.pages.flat() ?? [];
  const [drawn, setDrawn] = useState(FIRST_POSTS);
  const allDrawn = drawn >= posts.length;
  // Scrolling near the end loads the next page; the button stays for keyboards and old browsers.
  const { ref: sentinel, entry } = useIntersection({ rootMargin: '600px 0px' });

  useEffect(() => {
    if (error) notify.error('Error fetching posts');
  }, [error, errorUpdatedAt]);

  useEffect(() => {
    if (!allDrawn) startTransition(() => setDrawn(posts.length));
  }, [allDrawn, posts.length]);

  useEffect(() => {
    if (allDrawn && entry?.isIntersecting && hasNextPage && !isFetchingNextPage && !error) {
      void fetchNextPage();
    }
  }, [allDrawn, entry?.isIntersecting, hasNextPage, isFetchingNextPage, error, fetchNextPage]);

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label="Loading posts">
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  }

  if (query.isError && posts.length === 0) {
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

  if (posts.length === 0) {
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
      {/* Shown once every loaded post is drawn: the next page waits for the end of this one. */}
      {allDrawn && (
        <Center ref={sentinel} py="sm">
          {hasNextPage ? (
            <Button
              variant="light"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              Load more
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              You're all caught up.
            </Text>
          )}
        </Center>
      )}
    </Stack>
  );
}
