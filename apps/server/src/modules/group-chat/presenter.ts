import type { GroupChatMessage } from '@alumnet/contract';
import type { GroupMessageRow } from './repository';

/** A removed message keeps its place in the conversation, without its text. */
export function presentGroupMessage(row: GroupMessageRow): GroupChatMessage {
  return {
    _id: row.id,
    groupId: row.groupId,
    senderId: row.senderId,
    sender: { fullName: row.fullName, profilePic: row.profilePic },
    message: row.removed ? '' : row.message,
    createdAt: new Date(row.createdAt).toISOString(),
    clientId: row.clientId,
    removed: row.removed,
  };
}
