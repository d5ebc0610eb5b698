import { Box, Button, Group, Paper, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { MAX_COMMENT_LENGTH, type PostComment } from '@alumnet/contract';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTakenOver } from '../lib/use-taken-over';
import { AuthorAvatar, classOf } from './author-avatar';

/**
 * What a post or a comment an organiser removed says (only its author still sees it): the
 * contract's GROUP_MESSAGES.removedByOrganiser, written here so the feed's chunk does not take
 * in the groups' schemas for one sentence.
 */
export const REMOVED_LABEL = 'Removed by an organiser';

/** Long threads open folded to the latest few; the rest is one click away. */
const SHOWN_WHEN_FOLDED = 3;

/**
 * The comments under a post or a job and the box to add one. The Post button shows only once
 * there is text, and a whitespace-only comment is never sent (member-portal.md §5).
 */
export function CommentThread({
  comments,
  onComment,
  pending,
  commentMenu,
}: {
  comments: PostComment[];
  /** A group's organisers: a comment's own menu (remove). */
  commentMenu?: (comment: PostComment) => ReactNode;
  /** Sends the trimmed text; call `done` once it is saved so the box clears. */
  onComment: (comment: string, done: () => void) => void;
  pending: boolean;
}) {
  const [text, setText] = useState('');
  const takenOver = useTakenOver();
  // Growing with its text measures the box on every render (a forced layout each); a page of
  // posts draws twenty boxes nobody has typed in yet, so the measuring starts with the typing.
  const grows = text.length > 0;
  const [showAll, setShowAll] = useState(false);
  const hidden = showAll ? 0 : Math.max(0, comments.length - SHOWN_WHEN_FOLDED);
  const shown = comments.slice(hidden);
  const canPost = text.trim().length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canPost || pending) return;
    onComment(text.trim(), () => setText(''));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <Stack gap="xs">
      {hidden > 0 && (
        <UnstyledButton onClick={() => setShowAll(true)}>
          <Text size="sm" c="blue" fw={500}>
            View all {comments.length} comments
          </Text>
        </UnstyledButton>
      )}
      {shown.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((c) => (
            <Group
              key={c._id}
              component="li"
              gap="xs"
              align="flex-start"
              wrap="nowrap"
              data-removed={c.removed || undefined}
              style={c.removed ? { opacity: 0.6 } : undefined}
            >
              <AuthorAvatar author={c.commenterId} size={32} />
              <Paper bg="gray.0" radius="md" px="sm" py={6} miw={0} style={{ flex: 1 }}>
                <Text size="sm" fw={600} lh={1.3}>
                  {c.commenterId.fullName}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {classOf(c.commenterId)}
                  </Text>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.comment}
                </Text>
                {c.removed && (
                  <Text size="xs" c="dimmed" fs="italic">
                    {REMOVED_LABEL}
                  </Text>
                )}
              </Paper>
              {commentMenu?.(c)}
            </Group>
          ))}
        </Stack>
      )}
      <form method="post" onSubmit={submit}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Box style={{ flex: 1 }} miw={0}>
            <Textarea
              aria-label="Write a comment"
              name="comment"
              placeholder="Write a comment…"
              autosize={grows}
              rows={1}
              minRows={1}
              maxRows={6}
              radius="xl"
              maxLength={MAX_COMMENT_LENGTH}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
          </Box>
          {canPost && (
            <Button type="submit" radius="xl" loading={!takenOver || pending}>
              Post
            </Button>
          )}
        </Group>
      </form>
    </Stack>
  );
}
