import type { GroupDetail, Post, PostComment, SignedInUser } from '@alumnet/contract';
import { ActionIcon, Button, Card, Center, Menu, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconPin, IconPinnedOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PostCard } from '../../../components/post-card';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  groupPosts,
  groupPostsQuery,
  useAddGroupPost,
  usePostModeration,
  type PostAction,
} from '../api/groups';
import type { GroupRights } from './group-rights';
import { JoinToSee, isRefused } from './join-to-see';

// The composer (its file input and upload code) is fetched when first opened.
const PostComposerModal = lazy(async () => ({
  default: (await import('../../../components/post-composer-modal')).PostComposerModal,
}));

/** The group's own feed: the feed's cards and composer, with the organisers' menus. */
export function GroupPosts({
  group,
  user,
  rights,
}: {
  group: GroupDetail;
  user: SignedInUser;
  rights: GroupRights;
}) {
  const [composerLoaded, setComposerLoaded] = useState(false);
  const [composing, composer] = useDisclosure(false, { onOpen: () => setComposerLoaded(true) });
  const addPost = useAddGroupPost(group.id);

  if (!rights.maySeePosts) return <JoinToSee what="its posts" />;
  return (
    <Stack gap="md">
      {rights.mayPost && (
        <Button leftSection={<IconPlus size={18} />} onClick={composer.open} w="fit-content">
          New post
        </Button>
      )}
      <PostList group={group} userId={user._id} onNewPost={rights.mayPost ? composer.open : null} />
      {composerLoaded && (
        <Suspense fallback={null}>
          <PostComposerModal
            title={`New post in ${group.name}`}
            opened={composing}
            onClose={composer.close}
            onCreated={() => undefined}
            withShareWith={false}
            saving={addPost.isPending}
            save={({ message, image }) => addPost.mutateAsync({ message, image })}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function PostList({
  group,
  userId,
  onNewPost,
}: {
  group: GroupDetail;
  userId: string;
  onNewPost: (() => void) | null;
}) {
  const query = useInfiniteQuery(groupPostsQuery(group.id));
  const moderate = usePostModeration(group.id);
  const posts = groupPosts(query.data);

  const act = (action: PostAction) =>
    moderate.mutate(action, {
      onError: (error) =>
        notify.error(
          error instanceof ApiRequestError && error.status > 0
            ? error.message
            : 'That did not work. Please try again.',
        ),
    });

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label="Loading posts">
        <Skeleton h={160} radius="lg" />
        <Skeleton h={160} radius="lg" />
      </Stack>
    );
  }
  if (query.isError && posts.length === 0) {
    if (isRefused(query.error)) return <JoinToSee what="its posts" />;
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
        <Stack align="center" gap="sm">
          <Text c="dimmed">No posts in this group yet.</Text>
          {onNewPost && (
            <Button variant="light" onClick={onNewPost}>
              Write the first post
            </Button>
          )}
        </Stack>
      </Card>
    );
  }

  const runs = group.mayModerate;
  const commentMenu = runs
    ? (comment: PostComment) =>
        comment.removed ? null : (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Remove the comment by ${comment.commenterId.fullName}`}
            onClick={() => act({ kind: 'removeComment', commentId: comment._id })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        )
    : undefined;

  return (
    <Stack gap="md">
      {posts.map((p) => (
        <PostCard
          key={p._id}
          post={p}
          userId={userId}
          menu={runs ? <PostMenu post={p} onAction={act} /> : undefined}
          commentMenu={commentMenu}
        />
      ))}
      <Center py="sm">
        {query.hasNextPage ? (
          <Button
            variant="light"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
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

function PostMenu({ post, onAction }: { post: Post; onAction: (action: PostAction) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Post actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {post.pinned ? (
          <Menu.Item
            leftSection={<IconPinnedOff size={16} />}
            onClick={() => onAction({ kind: 'pin', postId: null })}
          >
            Unpin
          </Menu.Item>
        ) : (
          !post.removed && (
            <Menu.Item
              leftSection={<IconPin size={16} />}
              onClick={() => onAction({ kind: 'pin', postId: post._id })}
            >
              Pin
            </Menu.Item>
          )
        )}
        {!post.removed && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onAction({ kind: 'removePost', postId: post._id })}
          >
            Remove
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
