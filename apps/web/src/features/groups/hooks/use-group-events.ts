import type { GroupChatMessage } from '@alumnet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useRealtimeSocket } from '../../../lib/use-realtime-socket';
import { addGroupMessage, groupKeys, markGroupMessageRemoved } from '../api/groups';

/**
 * The group's live events on the app's one connection while its page is open: a message joins
 * the cached chat once, a removal marks it, and the end of the member's access (they left or
 * were removed, maybe in another tab) closes the chat at once and reads the group again.
 * Answers whether access ended.
 */
export function useGroupEvents(groupId: string) {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState(false);

  const onMessage = useEffectEvent((message: GroupChatMessage) => {
    if (message.groupId === groupId && !ended) addGroupMessage(queryClient, message);
  });
  const onRemoved = useEffectEvent((removed: { groupId: string; messageId: string }) => {
    if (removed.groupId === groupId) {
      markGroupMessageRemoved(queryClient, groupId, removed.messageId);
    }
  });
  const onEnded = useEffectEvent((event: { groupId: string }) => {
    if (event.groupId !== groupId) return;
    setEnded(true);
    // What the member could read stays no longer: the chat's cache goes, the rest is asked again.
    queryClient.removeQueries({ queryKey: groupKeys.messages(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupKeys.mine });
  });
  // After a (re)connect, a message stored while the socket was away is fetched.
  const onConnect = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.messages(groupId) });
  });

  useEffect(() => {
    if (!socket) return;
    const message = (m: GroupChatMessage) => onMessage(m);
    const removed = (r: { groupId: string; messageId: string }) => onRemoved(r);
    const accessEnded = (e: { groupId: string }) => onEnded(e);
    const connect = () => onConnect();
    socket.on('newGroupMessage', message);
    socket.on('groupMessageRemoved', removed);
    socket.on('groupAccessEnded', accessEnded);
    socket.on('connect', connect);
    return () => {
      socket.off('newGroupMessage', message);
      socket.off('groupMessageRemoved', removed);
      socket.off('groupAccessEnded', accessEnded);
      socket.off('connect', connect);
    };
  }, [socket]);

  return { ended, resume: () => setEnded(false) };
}
