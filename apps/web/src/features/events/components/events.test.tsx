import type { EventDetail, EventSummary } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrawnTimeZone } from '../../../lib/time-zone';
import { meQuery } from '../../../lib/session';
import { id, MEMBER } from '../../../testing/member';
import { EventPage } from './event-page';
import { EventsPage } from './events-page';

const EVENT_ID = id(5);
const summary = (over: Partial<EventSummary> = {}): EventSummary => ({
  id: EVENT_ID,
  title: 'Class of 2012 reunion',
  coverPicture: null,
  // 18:00 to 21:00 in Kolkata.
  startsAt: '2099-07-12T12:30:00.000Z',
  endsAt: '2099-07-12T15:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  venue: 'Main auditorium',
  online: false,
  capacity: 50,
  going: 12,
  waitlisted: 3,
  myRsvp: null,
  audience: { level: 'college', id: id(9), name: 'Alumnet Institute of Technology' },
  cancelled: false,
  ...over,
});
const detail = (over: Partial<EventDetail> = {}): EventDetail => ({
  ...summary(),
  description: '<p>Dinner and <strong>music</strong></p><script>alert(1)</script>',
  address: 'College Road, Pune',
  mapUrl: 'https://maps.example.com/x',
  rsvpDeadline: null,
  allowGuests: false,
  showAttendees: true,
  mayOrganise: false,
  attendees: null,
  ...over,
});

type Call = { method: string; path: string; body: unknown };
type Reply = { status: number; body: unknown };

/** Answers each call by `METHOD path` (the query string included); unknown calls get 404. */
function serve(routes: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      };
      calls.push(call);
      const route = routes[`${call.method} ${path}`];
      const { status, body } = route
        ? route(call)
        : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
const ok = (body: unknown) => () => ({ status: 200, body });

/** The reader is in New York; the events are held in Kolkata. */
const READER_ZONE = 'America/New_York';
// The browser's zone, read once by the app (lib/time-zone.ts): this file's reader's.
const realResolved = Intl.DateTimeFormat.prototype.resolvedOptions;
vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
  this: Intl.DateTimeFormat,
) {
  return { ...realResolved.call(this), timeZone: READER_ZONE };
});

function renderAt(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER });
  render(
    <MantineProvider>
      <DrawnTimeZone.Provider value={READER_ZONE}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/events" element={<EventsPage />} />
              <Route path="/events/:id" element={<EventPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </DrawnTimeZone.Provider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EventsPage', { timeout: 30_000 }, () => {
  it("shows each event's time in the reader's zone, the counts and the member's RSVP", async () => {
    const calls = serve({
      'GET /api/events': ok({
        events: [
          summary({
            myRsvp: {
              status: 'waitlisted',
              position: 3,
              guests: 0,
              ticket: null,
              checkedInAt: null,
            },
          }),
          summary({
            id: id(6),
            title: 'Webinar: careers in AI',
            online: true,
            venue: null,
            capacity: 2,
            going: 2,
            waitlisted: 0,
            myRsvp: { status: 'going', guests: 0, ticket: 'T-1', checkedInAt: null },
          }),
        ],
      }),
      'GET /api/events/calendar-feed': ok({ path: '/calendar/abc123.ics' }),
    });
    renderAt('/events');

    const reunion = await screen.findByRole('article', { name: 'Class of 2012 reunion' });
    // 12:30 UTC is 08:30 in New York in July.
    expect(within(reunion).getByTestId('event-when').textContent).toBe(
      'Sun, 12 Jul 2099, 08:30 – 11:30 EDT',
    );
    expect(within(reunion).getByTestId('my-rsvp').textContent).toBe('3rd on the waitlist');
    expect(within(reunion).getByText(/12 of 50 going · 3 on the waitlist/)).toBeTruthy();
    expect(within(reunion).getByText('Main auditorium')).toBeTruthy();

    const webinar = screen.getByRole('article', { name: 'Webinar: careers in AI' });
    expect(within(webinar).getByTestId('my-rsvp').textContent).toBe('You are going');
    expect(within(webinar).getByText('Full')).toBeTruthy();
    expect(within(webinar).getByText('Online')).toBeTruthy();

    expect((await screen.findByTestId('calendar-feed-url')).textContent).toBe(
      `${window.location.origin}/calendar/abc123.ics`,
    );
    expect(screen.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toMatch(
      /^webcal:\/\/.+\/calendar\/abc123\.ics$/,
    );
    expect(calls.filter((c) => c.path.startsWith('/api/events?'))).toEqual([]);
  });

  it('asks for past events apart', async () => {
    const calls = serve({
      'GET /api/events': ok({ events: [] }),
      'GET /api/events?past=true': ok({ events: [summary({ title: 'Reunion 2024' })] }),
      'GET /api/events/calendar-feed': ok({ path: '/calendar/abc123.ics' }),
    });
    renderAt('/events');
    await screen.findByText('No upcoming events to show.');
    fireEvent.click(screen.getByRole('tab', { name: 'Past events' }));
    expect(await screen.findByRole('article', { name: 'Reunion 2024' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/events?past=true')).toBe(true);
  });
});

describe('EventPage', { timeout: 30_000 }, () => {
  const one = `GET /api/events/${EVENT_ID}`;
  const rsvp = `POST /api/events/${EVENT_ID}/rsvp`;

  it("shows both zones, the sanitized description, and Going → the waitlist's place", async () => {
    let answered = false;
    const calls = serve({
      [one]: () =>
        ok({
          event: detail({
            capacity: 12,
            myRsvp: answered
              ? { status: 'waitlisted', position: 3, guests: 0, ticket: null, checkedInAt: null }
              : null,
          }),
        })(),
      [rsvp]: () => {
        answered = true;
        return { status: 200, body: { rsvp: { status: 'waitlisted', position: 3 } } };
      },
    });
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Class of 2012 reunion' })).toBeTruthy();
    expect(screen.getByTestId('event-when').textContent).toBe(
      'Sun, 12 Jul 2099, 08:30 – 11:30 EDT',
    );
    expect(screen.getByTestId('event-when-local').textContent).toContain(
      'Sun, 12 Jul 2099, 18:00 – 21:00',
    );
    expect(screen.getByText('music')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe(
      'https://maps.example.com/x',
    );
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      `/api/events/${EVENT_ID}.ics`,
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Going' }));
    expect((await screen.findByTestId('rsvp-standing')).textContent).toContain(
      'you are 3rd on the waitlist',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'going', guests: 0 });
  });

  it('shows a QR ticket with its text once going, and when it was checked in', async () => {
    serve({
      [one]: ok({
        event: detail({
          myRsvp: {
            status: 'going',
            guests: 2,
            ticket: 'EVT-7Q2K-9XPA',
            checkedInAt: '2099-07-12T13:12:00.000Z',
          },
        }),
      }),
    });
    renderAt(`/events/${EVENT_ID}`);
    const ticket = await screen.findByTestId('ticket');
    expect(within(ticket).getByText('EVT-7Q2K-9XPA')).toBeTruthy();
    const qr = await within(ticket).findByRole('img', { name: "Your ticket's QR code" });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(ticket).getByText(/For you and 2 guests/)).toBeTruthy();
    // 13:12 UTC, in the reader's zone.
    expect(within(ticket).getByText(/Checked in at 09:12/)).toBeTruthy();
  });

  it('gives organisers Edit, Attendees, Check-in and a confirmed Cancel', async () => {
    let cancelled = false;
    const calls = serve({
      [one]: () => ok({ event: detail({ mayOrganise: true, cancelled }) })(),
      [`POST /api/events/${EVENT_ID}/cancel`]: () => {
        cancelled = true;
        return { status: 200, body: { message: 'Event cancelled.' } };
      },
    });
    renderAt(`/events/${EVENT_ID}`);
    const nav = await screen.findByRole('navigation', { name: 'Organise this event' });
    expect(within(nav).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/dashboard/events?edit=${EVENT_ID}`,
    );
    expect(within(nav).getByRole('link', { name: 'Check-in' }).getAttribute('href')).toBe(
      `/dashboard/events/${EVENT_ID}/check-in`,
    );
    fireEvent.click(within(nav).getByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this event?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByText('This event was cancelled', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
  });

  it("shows the server's refusal to a member outside the audience", async () => {
    serve({
      [one]: () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Event not found' },
      }),
    });
    renderAt(`/events/${EVENT_ID}`);
    expect(await screen.findByText('Event not found')).toBeTruthy();
  });
});
