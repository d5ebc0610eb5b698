import type { MyRsvp } from '@alumnet/contract';
import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { clockTime, eventDay } from '../../../lib/event-time';
import classes from './events.module.css';

const SIZE = 200;

/** The ticket's secret as a QR code, drawn as SVG so a door's scanner reads it from any screen. */
function TicketQr({ ticket }: { ticket: string }) {
  const [svg, setSvg] = useState<{ ticket: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(ticket, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
      .then((markup) => {
        if (current)
          setSvg({ ticket, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
      })
      // Without the code, the ticket's text under it can still be typed in at the door.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ticket]);
  if (svg?.ticket !== ticket) return <Skeleton w={SIZE} h={SIZE} radius="md" />;
  return (
    <img
      src={svg.src}
      width={SIZE}
      height={SIZE}
      alt="Your ticket's QR code"
      style={{ display: 'block', maxWidth: '100%', height: 'auto', background: '#fff' }}
    />
  );
}

/** The member's ticket: shown at the door, scanned or typed in by an organiser. */
export function EventTicket({ rsvp, timeZone }: { rsvp: MyRsvp; timeZone: string }) {
  if (rsvp.status !== 'going' || !rsvp.ticket) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="ticket-title"
      data-testid="ticket"
    >
      <Stack align="center" gap="xs">
        <Title order={2} size="h4" id="ticket-title">
          Your ticket
        </Title>
        <TicketQr ticket={rsvp.ticket} />
        <Text className={classes.ticketCode} fw={600} ta="center">
          {rsvp.ticket}
        </Text>
        {rsvp.guests > 0 && (
          <Text size="sm" c="dimmed">
            For you and {rsvp.guests} {rsvp.guests === 1 ? 'guest' : 'guests'}
          </Text>
        )}
        {rsvp.checkedInAt ? (
          <Text size="sm" c="green.8" fw={600}>
            Checked in at {clockTime(rsvp.checkedInAt, timeZone)},{' '}
            {eventDay(rsvp.checkedInAt, timeZone)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            Show this at the door. If the code cannot be scanned, the text above can be typed in.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
