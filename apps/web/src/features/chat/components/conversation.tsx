import { imageUrl, type ChatUser } from '@alumnet/contract';
import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconMessageCircle } from '@tabler/icons-react';
import { useInfiniteQuery, useMutationState } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { classOf } from '../../../components/author-avatar';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import {
  chatKeys,
  conversationMessages,
  conversationQuery,
  type SendMessageVariables,
} from '../api/chat';
import { messageDay, messageTime } from '../utils/message-time';
import classes from './chat.module.css';
import { initials } from './member-list';
import { MessageInput } from './message-input';

/** Nothing selected yet (member-portal.md §2 "Chat"). */
export function NoConversation() {
  return (
    <Paper withBorder radius="md" className={`${classes.pane} ${classes.conversation}`}>
      <Center h="100%" p="xl">
        <Stack align="center" gap="xs">
          <IconMessageCircle size={44} stroke={1.4} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">Select a chat to start messaging</Text>
        </Stack>
      </Center>
    </Paper>
  );
}

/** The right pane: 'To:' header, the messages (own right and blue), and the input. */
export function Conversation({
  myId,
  member,
  online,
  onBack,
}: {
  myId: string;
  member: ChatUser;
  online: boolean;
  onBack: () => void;
}) {
  const query = useInfiniteQuery(conversationQuery(member._id));
  const timeZone = useTimeZone();
  const now = new Date();
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) notify.error(error.message);
  }, [error, errorUpdatedAt]);

  const stored = conversationMessages(query.data);
  // Each message's day, once: a run of messages shows it when it changes.
  const days = stored.map((m) => messageDay(m.createdAt, now, timeZone));
  // Sent from here and not yet answered; dropped once the stored copy (same clientId) is in.
  const storedClientIds = new Set(stored.map((m) => m.clientId).filter(Boolean));
  const pending = useMutationState({
    filters: { mutationKey: chatKeys.send, status: 'pending' },
    select: (mutation) => mutation.state.variables as SendMessageVariables,
  }).filter((p) => p.memberId === member._id && !storedClientIds.has(p.clientId));
  const count = stored.length + pending.length;

  // The newest message stays in view; loading earlier ones keeps the reader where they were.
  const viewport = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const newest = pending.at(-1)?.clientId ?? stored.at(-1)?._id;
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
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

  return (
    <Paper withBorder radius="md" className={`${classes.pane} ${classes.conversation}`}>
      <Group gap="sm" p="sm" wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={onBack} hiddenFrom="sm">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Avatar
          src={member.profilePic ? imageUrl(member.profilePic, 'thumb') : null}
          radius="xl"
          size={38}
          color="blue"
        >
          {initials(member)}
        </Avatar>
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              To:
            </Text>
            <Text fw={600} truncate data-testid="chat-to">
              {member.fullName}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Box
              w={8}
              h={8}
              bg={online ? 'green.6' : 'gray.4'}
              style={{ borderRadius: '50%', flexShrink: 0 }}
              aria-hidden
            />
            <Text size="xs" c="dimmed" truncate>
              {online ? 'Online' : 'Offline'}
              {classOf(member) ? ` · ${classOf(member)}` : ''}
            </Text>
          </Group>
        </Box>
      </Group>
      <Divider />
      <ScrollArea className={classes.scroll} viewportRef={viewport} type="auto">
        {query.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : count === 0 ? (
          <Center py={60} px="md">
            <Text c="dimmed" ta="center">
              Send a message to start the conversation
            </Text>
          </Center>
        ) : (
          <div className={classes.messages} role="log" aria-label="Chat history" aria-live="polite">
            {query.hasNextPage && (
              <Center>
                <Button
                  variant="subtle"
                  size="xs"
                  loading={query.isFetchingNextPage}
                  onClick={loadEarlier}
                >
                  Load earlier messages
                </Button>
              </Center>
            )}
            {stored.map((m, i) => {
              const day = days[i]!;
              const newDay = i === 0 || days[i - 1] !== day;
              const own = m.senderId === myId;
              return (
                <Fragment key={m._id}>
                  {newDay && (
                    <Divider
                      label={day}
                      labelPosition="center"
                      my={4}
                      styles={{ label: { fontSize: 11 } }}
                    />
                  )}
                  <div className={classes.row} data-own={own || undefined}>
                    <div
                      className={classes.bubble}
                      data-own={own || undefined}
                      data-shake={m.shouldShake || undefined}
                    >
                      {m.message}
                      <time className={classes.time} dateTime={m.createdAt}>
                        {messageTime(m.createdAt, timeZone)}
                      </time>
                    </div>
                  </div>
                </Fragment>
              );
            })}
            {pending.map((p) => (
              <div key={p.clientId} className={classes.row} data-own>
                <div className={classes.bubble} data-own data-pending>
                  {p.message}
                  <span className={classes.time}>Sending…</span>
                </div>
              </div>
            ))}
          </div>
        )}
      </ScrollArea>
      <Divider />
      <MessageInput memberId={member._id} />
    </Paper>
  );
}
