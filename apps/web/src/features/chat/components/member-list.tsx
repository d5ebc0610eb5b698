import {
  CHAT_PAGE_SIZE,
  CHAT_SEARCH_MIN,
  SEARCH_TOO_SHORT_MESSAGE,
  imageUrl,
  type ChatUser,
  type SignedInUser,
} from '@alumnet/contract';
import {
  Avatar,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Indicator,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheckFilled, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { classOf } from '../../../components/author-avatar';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { chatUsersQuery } from '../api/chat';
import classes from './chat.module.css';

/** The text a failed list call shows (member-portal.md §8 "Chat"). */
function listError(error: Error, searching: boolean) {
  if (error instanceof ApiRequestError && error.status >= 400) return error.message;
  return searching ? 'Failed to fetch conversations' : error.message;
}

export function initials(member: Pick<ChatUser, 'firstName' | 'lastName'>) {
  return `${member.firstName[0] ?? ''}${member.lastName[0] ?? ''}`;
}

/**
 * The left pane: the college's members 10 a page, a search of at least 3 characters, the green
 * tick for members already chatted with and the online dot (member-portal.md §2 "Chat").
 */
export function MemberList({
  me,
  selectedId,
  online,
  unread,
  onSelect,
}: {
  me: SignedInUser | null;
  selectedId: string | null;
  online: ReadonlySet<string>;
  unread: ReadonlySet<string>;
  onSelect: (member: ChatUser) => void;
}) {
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input.trim(), 350);
  // Enter searches at once; otherwise the search follows the typing after a short pause.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const typed = submitted ?? debounced;
  const searchText = typed.length >= CHAT_SEARCH_MIN ? typed : '';
  const tooShort = typed.length > 0 && typed.length < CHAT_SEARCH_MIN;

  // Page 1 whenever the search term changes (clearing the box returns to the plain list's first page).
  const [paging, setPaging] = useState({ searchText, page: 1 });
  const page = paging.searchText === searchText ? paging.page : 1;
  const goTo = (next: number) => setPaging({ searchText, page: next });

  const query = useQuery({
    ...chatUsersQuery(me?._id ?? '', searchText, page),
    enabled: Boolean(me),
  });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) notify.error(listError(error, Boolean(searchText)));
    // errorUpdatedAt: the same failure again is a new toast.
  }, [error, errorUpdatedAt, searchText]);

  const search = () => {
    const text = input.trim();
    if (!me) return notify.error('User is not authenticated');
    if (text.length > 0 && text.length < CHAT_SEARCH_MIN)
      return notify.error(SEARCH_TOO_SHORT_MESSAGE);
    setSubmitted(text);
  };

  const users = query.data?.users ?? [];
  const total = query.data?.totalResults ?? 0;

  return (
    <Paper withBorder radius="md" className={`${classes.pane} ${classes.list}`}>
      <Box p="sm" pb="xs">
        <TextInput
          aria-label="Search members"
          placeholder="Search members by name"
          leftSection={<IconSearch size={16} />}
          value={input}
          error={tooShort && !submitted ? SEARCH_TOO_SHORT_MESSAGE : undefined}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setSubmitted(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              search();
            }
          }}
          rightSection={
            input ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onClick={() => {
                  setInput('');
                  setSubmitted(null);
                }}
              />
            ) : null
          }
        />
      </Box>
      <ScrollArea className={classes.scroll} type="auto" offsetScrollbars>
        <Stack gap={2} px="xs" pb="xs">
          {query.isPending && me ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : users.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" size="sm">
              {searchText ? 'No members match your search.' : 'No members to show yet.'}
            </Text>
          ) : (
            users.map((member) => (
              <MemberItem
                key={member._id}
                member={member}
                selected={member._id === selectedId}
                online={online.has(member._id)}
                unread={unread.has(member._id)}
                onSelect={() => onSelect(member)}
              />
            ))
          )}
        </Stack>
      </ScrollArea>
      <Group justify="space-between" p="sm" pt="xs" wrap="nowrap">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => goTo(page - 1)}>
          Previous
        </Button>
        <Text size="sm" c="dimmed">
          Page {page}
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={page * CHAT_PAGE_SIZE >= total}
          onClick={() => goTo(page + 1)}
        >
          Next
        </Button>
      </Group>
    </Paper>
  );
}

function MemberItem({
  member,
  selected,
  online,
  unread,
  onSelect,
}: {
  member: ChatUser;
  selected: boolean;
  online: boolean;
  unread: boolean;
  onSelect: () => void;
}) {
  return (
    <NavLink
      component="button"
      className={classes.member}
      active={selected}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      leftSection={
        <Indicator
          color="green"
          size={11}
          offset={5}
          position="bottom-end"
          withBorder
          disabled={!online}
        >
          <Avatar
            src={member.profilePic ? imageUrl(member.profilePic, 'thumb') : null}
            radius="xl"
            size={40}
            color="blue"
            alt=""
            aria-hidden
          >
            {initials(member)}
          </Avatar>
        </Indicator>
      }
      label={
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={unread ? 800 : 600} truncate>
            {member.fullName}
          </Text>
          {member.hasChatted === 'yes' && (
            <IconCircleCheckFilled
              size={15}
              color="var(--mantine-color-green-6)"
              aria-label="Already chatted"
              role="img"
              style={{ flexShrink: 0 }}
            />
          )}
          {online && <VisuallyHidden>, online</VisuallyHidden>}
          {unread && <VisuallyHidden>, new message</VisuallyHidden>}
        </Group>
      }
      description={
        <Text size="xs" c="dimmed" truncate component="span" display="block">
          {classOf(member)}
        </Text>
      }
      rightSection={
        unread ? (
          <Box w={10} h={10} bg="blue.6" style={{ borderRadius: '50%' }} aria-hidden data-unread />
        ) : null
      }
    />
  );
}
