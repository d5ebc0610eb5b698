import { type GroupChatMessage, type GroupDetail, type SignedInUser } from '@alumnet/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useMutationState } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { AuthorAvatar } from '../../../components/author-avatar';
import { MessageComposer } from '../../../components/message-composer';
import { REMOVED_LABEL } from '../../../components/comment-thread';
import { notify } from '../../../lib/notify';
import { postTime, postTimeFull, useTimeZone } from '../../../lib/time-zone';
import {
  chatMessages,
  groupKeys,
  groupMessagesQuery,
  useRemoveGroupMessage,
  useSendGroupMessage,
  type SendGroupMessageVariables,
} from '../api/groups';
import type { GroupRights } from './group-rights';
import classes from './groups.module.css';
import { JoinToSee, isRefused } from './join-to-see';

/** The group's one conversation: history paged backwards, live messages, organisers' removals. */
export function GroupChat({
  group,
  user,
  rights,
  ended,
}: {
  group: GroupDetail;
  user: SignedInUser;
  rights: GroupRights;
  /** The member's access ended while the page was open (groupAccessEnded). */
  ended: boolean;
}) {
  if (ended) {
    return (
      <Alert color="gray" icon={<IconDoorExit size={18} />} title="This chat is closed">
        You are no longer a member of this group, so you cannot read or write in its chat.
      </Alert>
    );
  }
  if (!rights.mayChat) return <JoinToSee what="its chat" />;
  return <Conversation group={group} user={user} />;
}

function Conversation({ group, user }: { group: GroupDetail; user: SignedInUser }) {
  const query = useInfiniteQuery(groupMessagesQuery(group.id));
  const remove = useRemoveGroupMessage(group.id);
  const timeZone = useTimeZone();
  const stored = chatMessages(query.data);
  // Sent from here and not yet answered; dropped once the stored copy (same clientId) is in.
  const storedClientIds = new Set(stored.map((m) => m.clientId).filter(Boolean));
  const pending = useMutationState({
    filters: { mutationKey: groupKeys.sendMessage, status: 'pending' },
    select: (mutation) => mutation.state.variables as SendGroupMessageVariables,
  }).filter((p) => p.groupId === group.id && !storedClientIds.has(p.clientId));

  // The newest message stays in view; loading earlier ones keeps the reader where they were.
  const viewport = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const newest = pending.at(-1)?.clientId ?? stored.at(-1)?._id;
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo?.({ top: el.scrollHeight });
  }, [newest]);
  const pageCount = query.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const el = viewport.current;
    if (el && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [pageCount]);
  const loadEarlier = () => {
    const el = viewport.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    void query.fetchNextPage();
  };

  if (query.isError && stored.length === 0) {
    if (isRefused(query.error)) return <JoinToSee what="its chat" />;
    return (
      <Text c="red" size="sm">
        The chat could not be loaded.
      </Text>
    );
  }

  return (
    <Card withBorder radius="lg" padding={0} className={classes.chat}>
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} px="md" py="sm">
        {query.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading the chat" />
          </Center>
        ) : (
          <Stack
            gap="xs"
            component="ol"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Group messages"
          >
            {query.hasNextPage && (
              <Center>
                <Button
                  variant="subtle"
                  size="xs"
                  loading={query.isFetchingNextPage}
                  onClick={loadEarlier}
                >
                  Load earlier
                </Button>
              </Center>
            )}
            {stored.length === 0 && pending.length === 0 && (
              <Text c="dimmed" ta="center" size="sm" py="xl">
                No messages yet. Say hello to the group!
              </Text>
            )}
            {stored.map((m) => (
              <Bubble
                key={m._id}
                message={m}
                mine={m.senderId === user._id}
                time={postTime(m.createdAt, new Date(), timeZone)}
                fullTime={postTimeFull(m.createdAt, timeZone)}
                onRemove={
                  group.mayModerate && !m.removed
                    ? () =>
                        remove.mutate(m._id, {
                          onError: (error) => notify.error(error.message),
                        })
                    : undefined
                }
              />
            ))}
            {pending.map((p) => (
              <Box
                key={p.clientId}
                component="li"
                data-pending
                style={{ alignSelf: 'flex-end' }}
                className={classes.bubble}
              >
                <Paper bg="blue.1" radius="lg" px="sm" py={6}>
                  <Text size="sm">{p.message}</Text>
                  <Text size="xs" c="dimmed" ta="right">
                    Sending…
                  </Text>
                </Paper>
              </Box>
            ))}
          </Stack>
        )}
      </ScrollArea>
      {!group.archived && <MessageBox groupId={group.id} />}
    </Card>
  );
}

function Bubble({
  message,
  mine,
  time,
  fullTime,
  onRemove,
}: {
  message: GroupChatMessage;
  mine: boolean;
  time: string;
  fullTime: string;
  onRemove?: () => void;
}) {
  return (
    <Group
      component="li"
      gap="xs"
      align="flex-end"
      wrap="nowrap"
      justify={mine ? 'flex-end' : 'flex-start'}
      data-message-id={message._id}
    >
      {!mine && <AuthorAvatar author={message.sender} size={28} />}
      <Paper
        className={classes.bubble}
        bg={message.removed ? 'gray.1' : mine ? 'blue.6' : 'gray.0'}
        c={mine && !message.removed ? 'white' : undefined}
        radius="lg"
        px="sm"
        py={6}
        withBorder={!mine}
      >
        {!mine && (
          <Text size="xs" fw={600}>
            {message.sender.fullName}
          </Text>
        )}
        {message.removed ? (
          <Text size="sm" fs="italic" c="dimmed">
            {REMOVED_LABEL}
          </Text>
        ) : (
          <Text size="sm">{message.message}</Text>
        )}
        <Tooltip label={fullTime} withArrow>
          <Text size="xs" ta="right" opacity={0.75}>
            <time dateTime={message.createdAt}>{time}</time>
          </Text>
        </Tooltip>
      </Paper>
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Remove the message from ${message.sender.fullName}`}
          onClick={onRemove}
        >
          <IconTrash size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The message box of the group's chat. */
function MessageBox({ groupId }: { groupId: string }) {
  const send = useSendGroupMessage();
  return (
    <MessageComposer
      placeholder="Write to the group"
      divided
      send={(message, clientId) => send.mutateAsync({ groupId, message, clientId })}
    />
  );
}
