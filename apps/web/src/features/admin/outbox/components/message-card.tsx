import type { OutboxMessage } from '@alumnet/contract';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMessage } from '@tabler/icons-react';
import { formatDateTime } from '../../../../lib/format-date';
import { splitLinks } from '../utils/links';

const CHANNEL = {
  email: { label: 'Email', color: 'blue', icon: IconMail },
  sms: { label: 'SMS', color: 'grape', icon: IconMessage },
  whatsapp: { label: 'WhatsApp', color: 'green', icon: IconBrandWhatsapp },
} as const;

/** Our own pages open in this tab (an invitation link signs the reader in here). */
const isOwnPage = (href: string) => {
  try {
    return new URL(href).origin === window.location.origin;
  } catch {
    return false;
  }
};

/** The plain-text body with every http(s) address a link. */
function Body({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor
            key={index}
            href={part.text}
            {...(isOwnPage(part.text) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

export function MessageCard({ message }: { message: OutboxMessage }) {
  const channel = CHANNEL[message.channel];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`${channel.label} to ${message.recipient}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Badge
              color={channel.color}
              variant="light"
              leftSection={<channel.icon size={12} />}
              radius="sm"
              style={{ flexShrink: 0 }}
            >
              {channel.label}
            </Badge>
            <Text size="sm" fw={600} truncate>
              {message.recipient}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.createdAt)}
          </Text>
        </Group>
        {message.subject && (
          <Text fw={600} size="sm">
            {message.subject}
          </Text>
        )}
        <Body text={message.body} />
      </Stack>
    </Paper>
  );
}
