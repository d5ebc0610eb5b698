import type { ChatMessage, SendMessageAck, SocketSendMessage } from './chat';
import type { GroupChatMessage, SendGroupMessageAck, SocketSendGroupMessage } from './groups';
import type { NotificationEvent } from './notifications';

// The one Socket.IO connection's events (the 1:1 chat, notifications, presence, group chats),
// apart from the modules whose payloads they carry: they depend on those, not the other way.

/** Socket.IO events, server to browser (member-portal.md §7 "Realtime chat"). */
export interface ServerToClientEvents {
  newMessage: (message: ChatMessage) => void;
  /** The member's notifications changed (to every tab of theirs, on every server process). */
  notification: (event: NotificationEvent) => void;
  /** The ids of the caller's college members who are online now. */
  getOnlineUsers: (userIds: string[]) => void;
  /** A message in the chat of a group the member is in (issue 27). */
  newGroupMessage: (message: GroupChatMessage) => void;
  /** An organiser removed a message of a group's chat. */
  groupMessageRemoved: (removed: { groupId: string; messageId: string }) => void;
  /** The member is no longer in the group (left, removed): its chat is closed on every tab. */
  groupAccessEnded: (ended: { groupId: string }) => void;
}
export interface ClientToServerEvents {
  sendMessage: (payload: SocketSendMessage, ack: (answer: SendMessageAck) => void) => void;
  /** The same as POST /api/groups/{groupId}/messages. */
  sendGroupMessage: (
    payload: SocketSendGroupMessage,
    ack: (answer: SendGroupMessageAck) => void,
  ) => void;
}
