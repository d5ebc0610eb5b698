import type { ChatUser, SignedInUser } from '@alumnet/contract';
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { meQuery } from '../../../lib/session';
import { chatMemberQuery, chatUsersQuery } from '../api/chat';
import { useChatEvents } from '../hooks/use-chat-events';
import { useOnlineUsers } from '../hooks/use-realtime';
import classes from './chat.module.css';
import { Conversation, NoConversation } from './conversation';
import { MemberList } from './member-list';

/** The plain list's first page, for the route's loader (app/route-prefetch.ts). */
export const prefetchFirstMembers = (client: QueryClient, user: SignedInUser) =>
  client.prefetchQuery(chatUsersQuery(user._id, '', 1));

/** /chat (member-portal.md §2 "Chat"): the member list on the left, the conversation on the right. */
export function ChatPage() {
  return (
    <MemberLayout>
      <ChatScreen />
    </MemberLayout>
  );
}

function ChatScreen() {
  const { data } = useSuspenseQuery(meQuery);
  const me = data.user;
  // Screen state only: leaving the chat page clears the selection (member-portal.md §4).
  const [selected, setSelected] = useState<ChatUser | null>(null);
  const [unread, setUnread] = useState<ReadonlySet<string>>(() => new Set());
  const online = useOnlineUsers();

  // `/chat?with={memberId}` (a notification's or a mentorship's link) opens that conversation.
  // The list is ordered by the latest message, so someone who just wrote is on its first page (the
  // route's loader fetched it); anyone else (a new mentor) is asked for by id.
  const { search } = useLocation();
  const withId = new URLSearchParams(search).get('with');
  const firstPage = useQuery({ ...chatUsersQuery(me?._id ?? '', '', 1), enabled: Boolean(withId) });
  const onFirstPage = withId ? firstPage.data?.users.find((u) => u._id === withId) : undefined;
  const byId = useQuery({
    ...chatMemberQuery(withId ?? ''),
    enabled: Boolean(withId) && firstPage.isSuccess && !onFirstPage,
  });
  const [followedLink, setFollowedLink] = useState<string | null>(null);
  const linkedMember = onFirstPage ?? byId.data?.user;
  if (linkedMember && withId !== followedLink) {
    setFollowedLink(withId);
    setSelected(linkedMember);
  }

  useChatEvents({
    myId: me?._id ?? '',
    selectedId: selected?._id ?? null,
    onUnread: (memberId) => setUnread((ids) => new Set(ids).add(memberId)),
  });

  const select = (member: ChatUser) => {
    setSelected(member);
    setUnread((ids) => {
      if (!ids.has(member._id)) return ids;
      const next = new Set(ids);
      next.delete(member._id);
      return next;
    });
  };

  return (
    <div className={classes.chat} data-selected={selected ? '' : undefined}>
      <MemberList
        me={me}
        selectedId={selected?._id ?? null}
        online={online}
        unread={unread}
        onSelect={select}
      />
      {selected && me ? (
        <Conversation
          key={selected._id}
          myId={me._id}
          member={selected}
          online={online.has(selected._id)}
          onBack={() => setSelected(null)}
        />
      ) : (
        <NoConversation />
      )}
    </div>
  );
}
