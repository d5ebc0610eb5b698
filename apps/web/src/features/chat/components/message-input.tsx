import { MessageComposer } from '../../../components/message-composer';
import { useSendMessage } from '../api/chat';

/** The message box of a conversation with one member. */
export function MessageInput({ memberId }: { memberId: string }) {
  const send = useSendMessage();
  return (
    <MessageComposer
      placeholder="Type a message"
      send={(message, clientId) => send.mutateAsync({ memberId, message, clientId })}
    />
  );
}
