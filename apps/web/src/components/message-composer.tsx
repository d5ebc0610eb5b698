import { MAX_MESSAGE_LENGTH } from '@alumnet/contract';
import { Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { newClientId } from '../lib/client-id';
import { notify } from '../lib/notify';
import { useTakenOver } from '../lib/use-taken-over';

/**
 * The message box of a conversation (1:1 chat, a group's chat): Enter sends, Shift+Enter starts
 * a new line, a blank message is never sent. The text leaves the box at once (the conversation
 * shows it as pending); if sending fails, the text comes back with its client id, so sending it
 * again cannot store it twice. On a drawn page it waits for the app, as every drawn form does.
 */
export function MessageComposer({
  placeholder,
  send,
  divided = false,
}: {
  placeholder: string;
  /** Sends the message; rejects when it was not stored. */
  send: (message: string, clientId: string) => Promise<unknown>;
  /** A rule above it, where it sits under a list without one. */
  divided?: boolean;
}) {
  const takenOver = useTakenOver();
  const [text, setText] = useState('');
  const failed = useRef<{ message: string; clientId: string } | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message) return;
    const clientId = failed.current?.message === message ? failed.current.clientId : newClientId();
    failed.current = null;
    setText('');
    send(message, clientId).catch((error: Error) => {
      notify.error(error.message);
      failed.current = { message, clientId };
      setText((current) => (current.trim() ? current : message));
    });
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Group
        gap="xs"
        p="sm"
        align="flex-end"
        wrap="nowrap"
        style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
      >
        <Textarea
          aria-label="Message"
          name="message"
          placeholder={placeholder}
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
        <Button
          type="submit"
          loading={!takenOver}
          disabled={!text.trim()}
          rightSection={<IconSend size={16} />}
        >
          Send
        </Button>
      </Group>
    </form>
  );
}
