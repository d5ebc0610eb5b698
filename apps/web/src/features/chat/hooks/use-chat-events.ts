import type { ChatMessage } from '@alumnet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { addMessage, chatKeys, markChatted, sentFromHere } from '../api/chat';
import { playNotificationSound } from '../utils/notification-sound';
import { useRealtimeSocket } from './use-realtime';

/**
 * Live chat while the chat screen is open (member-portal.md §4 "Chat"): a `newMessage` for the
 * open conversation is appended and shakes; one for another member marks that member unread;
 * a message from someone else plays the chime. After a (re)connect the open conversation is
 * fetched again, so a message stored while the socket was away is not missed.
 */
export function useChatEvents({
  myId,
  selectedId,
  onUnread,
}: {
  myId: string;
  selectedId: string | null;
  onUnread: (memberId: string) => void;
}) {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();

  const onNewMessage = useEffectEvent((message: ChatMessage) => {
    const mine = message.senderId === myId;
    if (mine && message.receiverId === myId) return;
    if (!mine && message.receiverId !== myId) return;
    const otherId = mine ? message.receiverId : message.senderId;
    // My own message sent from this tab is already on screen (pending, then stored): no shake.
    const fromThisTab = mine && sentFromHere(queryClient, message.clientId);
    addMessage(queryClient, otherId, message, !fromThisTab && otherId === selectedId);
    markChatted(queryClient, otherId);
    if (!mine) {
      if (otherId !== selectedId) onUnread(otherId);
      playNotificationSound();
    }
  });

  const onConnect = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: chatKeys.users });
  });

  useEffect(() => {
    if (!socket) return;
    const handleMessage = (message: ChatMessage) => onNewMessage(message);
    const handleConnect = () => onConnect();
    socket.on('newMessage', handleMessage);
    socket.on('connect', handleConnect);
    return () => {
      socket.off('newMessage', handleMessage);
      socket.off('connect', handleConnect);
    };
  }, [socket]);
}
