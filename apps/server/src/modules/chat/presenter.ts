import type { ChatMessage, ChatUser } from '@alumnet/contract';
import type { ChatMemberRow, MessageRow } from './repository';

export function presentChatUser(row: ChatMemberRow): ChatUser {
  return {
    _id: row.id,
    fullName: row.fullName,
    firstName: row.firstName,
    lastName: row.lastName,
    profilePic: row.profilePic,
    batchName: row.batchName,
    branchName: row.branchName,
    collegeName: row.collegeName,
    hasChatted: row.hasChatted ? 'yes' : 'no',
  };
}

/** A message of the conversation between `memberA` and `memberB`. */
export function presentMessage(row: MessageRow, memberA: string, memberB: string): ChatMessage {
  return {
    _id: row.id,
    senderId: row.senderId,
    receiverId: row.senderId === memberA ? memberB : memberA,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
  };
}
