import { Box, Card, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { onePostQuery } from '../api/posts';
import { PostCard } from '../../../components/post-card';

/**
 * The post a link names (`/feed?post={id}`, a notification's link): shown first, ringed, and
 * scrolled to once it arrives, below the fixed header.
 */
export function LinkedPost({ postId, userId }: { postId: string; userId: string }) {
  const { data, error, isPending } = useQuery(onePostQuery(postId));
  const box = useRef<HTMLDivElement>(null);
  const arrived = data?._id;

  useEffect(() => {
    if (arrived) box.current?.scrollIntoView({ block: 'start' });
  }, [arrived]);

  if (isPending) return <Skeleton height={180} radius="lg" aria-label="Loading the post" />;
  if (error || !data) {
    return (
      <Card withBorder radius="lg" padding="md">
        <Text c="dimmed" size="sm">
          {error instanceof ApiRequestError && error.status === 404
            ? 'This post is no longer available.'
            : 'This post could not be loaded.'}
        </Text>
      </Card>
    );
  }
  return (
    <Box
      ref={box}
      data-linked-post={data._id}
      style={{
        scrollMarginTop: 'calc(3.75rem + var(--mantine-spacing-md))',
        borderRadius: 'var(--mantine-radius-lg)',
        boxShadow: '0 0 0 2px var(--mantine-color-blue-5)',
      }}
    >
      <PostCard post={data} userId={userId} />
    </Box>
  );
}
