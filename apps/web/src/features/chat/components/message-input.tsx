import { MAX_MESSAGE_LENGTH } from '@alumnet/contract';
import { Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { newClientId, useSendMessage } from '../api/chat';

/**
 * The message box: Enter sends, Shift+Enter starts a new line, a blank message is never sent.
 * The text leaves the box at once (the bubble shows it as pending); if the call fails, the text
 * comes back with its client id, so sending it again cannot store it twice.
 */
export function MessageInput({ memberId }: { memberId: string }) {
  const [text, setText] = useState('');
  const failed = useRef<{ message: string; clientId: string } | null>(null);
  const send = useSendMessage((variables, error) => {
    notify.error(error.message);
    failed.current = { message: variables.message, clientId: variables.clientId };
    setText((current) => (current.trim() ? current : variables.message));
  });

  const submit = () => {
    const message = text.trim();
    if (!message) return;
    const clientId = failed.current?.message === message ? failed.current.clientId : newClientId();
    failed.current = null;
    setText('');
    send.mutate({ memberId, message, clientId });
  };

  return (
    <Group gap="xs" p="sm" align="flex-end" wrap="nowrap">
      <Textarea
        aria-label="Message"
        name="message"
        placeholder="Type a message"
        autosize
        minRows={1}
        maxRows={5}
        maxLength={MAX_MESSAGE_LENGTH}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        style={{ flex: 1 }}
      />
      <Button onClick={submit} disabled={!text.trim()} rightSection={<IconSend size={16} />}>
        Send
      </Button>
    </Group>
  );
}
