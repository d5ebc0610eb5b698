import type { EventDetail, ManagedEventRow, SignedInUser } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../../../../lib/realtime';
import { meQuery } from '../../../../lib/session';
import { DrawnTimeZone } from '../../../../lib/time-zone';
import { id, MEMBER } from '../../../../testing/member';
import { CheckInPage, ManageEventsPage } from './manage-event-screens';

vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

// The organiser is in Kolkata: the browser's zone, which the form starts from.
const ZONE = 'Asia/Kolkata';
const realResolved = Intl.DateTimeFormat.prototype.resolvedOptions;
vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
  this: Intl.DateTimeFormat,
) {
  return { ...realResolved.call(this), timeZone: ZONE };
});

const ADMIN: SignedInUser = { ...MEMBER, email: 'admin@demo.alumnet.dev', userType: 'a' };
const COLLEGE = MEMBER.collegeId!;
const EVENT_ID = id(5);
const ROW: ManagedEventRow = {
  id: EVENT_ID,
  title: 'Class of 2012 reunion',
  coverPicture: null,
  startsAt: '2099-07-12T12:30:00.000Z',
  endsAt: '2099-07-12T15:30:00.000Z',
  timeZone: ZONE,
  venue: 'Main auditorium',
  online: false,
  capacity: 50,
  going: 50,
  waitlisted: 4,
  attended: 0,
  myRsvp: null,
  audience: { level: 'college', id: COLLEGE, name: MEMBER.collegeName! },
  cancelled: false,
};
const DETAIL: EventDetail = {
  ...ROW,
  description: '',
  address: null,
  mapUrl: null,
  rsvpDeadline: null,
  allowGuests: false,
  showAttendees: true,
  mayOrganise: true,
  attendees: [],
};

type Call = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

function serve(answers: (call: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer =
        answers(call) ??
        (path === '/api/dashboard/filter-options'
          ? { status: 200, body: { colleges: [{ _id: COLLEGE, name: MEMBER.collegeName }] } }
          : path.startsWith('/api/events/manage')
            ? { status: 200, body: { events: [ROW] } }
            : path === '/api/colleges/batches/fetch?collegeId=' + COLLEGE
              ? {
                  status: 200,
                  body: [
                    {
                      _id: id(7),
                      name: '2012-2016',
                      description: '',
                      parentId: null,
                      parentName: null,
                    },
                  ],
                }
              : {
                  status: 404,
                  body: { statusCode: 404, error: 'Not Found', message: 'No route' },
                });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderAt(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: ADMIN });
  render(
    <MantineProvider>
      <Notifications />
      <DrawnTimeZone.Provider value={ZONE}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/dashboard/events" element={<ManageEventsPage />} />
              <Route path="/dashboard/events/:id/check-in" element={<CheckInPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </DrawnTimeZone.Provider>
    </MantineProvider>,
  );
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

describe('/dashboard/events', { timeout: 60_000 }, () => {
  it('lists the events with their counts', async () => {
    serve(() => undefined);
    renderAt('/dashboard/events');
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = within(table).getByText('Class of 2012 reunion').closest('tr')!;
    expect(within(row).getByText('Full')).toBeTruthy();
    expect(within(row).getByText('50 / 50')).toBeTruthy();
    expect(within(row).getByText('Sun, 12 Jul 2099, 18:00 – 21:00')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Attendees: Class of 2012 reunion' }),
    ).toBeTruthy();
  });

  it('creates an event with the exact body, and shows the server’s 400 message', async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.path.startsWith('/api/events')
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'The audience names something this college does not have.',
            },
          }
        : undefined,
    );
    renderAt('/dashboard/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Create event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an event' });
    type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Batch meet-up');
    type(within(dialog).getByLabelText(/^Starts/), '2099-11-02T18:30');
    type(within(dialog).getByLabelText(/^Ends/), '2099-11-02T21:00');
    type(within(dialog).getByRole('textbox', { name: 'Venue' }), 'Cubbon Park');
    type(within(dialog).getByRole('textbox', { name: 'Capacity' }), '40');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Members may bring guests' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'For' }));
    fireEvent.click(await screen.findByRole('option', { name: 'A batch', hidden: true }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Batch' }));
    fireEvent.click(await screen.findByRole('option', { name: '2012-2016', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The audience names something this college does not have.',
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/events?collegeId=${COLLEGE}`);
    expect(post?.body).toEqual({
      title: 'Batch meet-up',
      description: '',
      coverPicture: null,
      startsAt: '2099-11-02T18:30:00+05:30',
      endsAt: '2099-11-02T21:00:00+05:30',
      timeZone: ZONE,
      venue: 'Cubbon Park',
      address: null,
      mapUrl: null,
      onlineUrl: null,
      capacity: 40,
      rsvpDeadline: null,
      allowGuests: true,
      showAttendees: true,
      audience: { level: 'batch', id: id(7) },
    });
  });

  it('checks the form before sending: an event must end after it starts', async () => {
    const calls = serve(() => undefined);
    renderAt('/dashboard/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Create event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an event' });
    type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Webinar');
    type(within(dialog).getByLabelText(/^Starts/), '2099-11-02T18:30');
    type(within(dialog).getByLabelText(/^Ends/), '2099-11-02T17:00');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Online event' }));
    type(
      within(dialog).getByRole('textbox', { name: 'Link to join' }),
      'https://meet.example.com/x',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findAllByText('The event must end after it starts.'),
    ).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('/dashboard/events/{id}/check-in', { timeout: 60_000 }, () => {
  const attendees = {
    attendees: [],
    figures: { going: 50, waitlisted: 4, attended: 17, noShows: 33 },
  };

  it('checks in a typed code, and says when a ticket was already checked in', async () => {
    let scans = 0;
    const calls = serve((call) => {
      if (call.path === `/api/events/${EVENT_ID}`) return { status: 200, body: { event: DETAIL } };
      if (call.path === `/api/events/${EVENT_ID}/attendees`)
        return { status: 200, body: attendees };
      if (call.path === `/api/events/${EVENT_ID}/check-in`) {
        scans += 1;
        const body = call.body as { ticket: string };
        if (body.ticket === 'NOPE')
          return {
            status: 404,
            body: {
              statusCode: 404,
              error: 'Not Found',
              message: 'No such ticket for this event.',
            },
          };
        return {
          status: 200,
          body: {
            message: scans === 1 ? 'Checked in.' : 'Already checked in.',
            member: { _id: id(2), fullName: 'Asha Rao', guests: 2 },
            // 18:42 in Kolkata.
            checkedInAt: '2099-07-12T13:12:00.000Z',
            already: scans > 1,
            attended: 18,
          },
        };
      }
      return undefined;
    });
    renderAt(`/dashboard/events/${EVENT_ID}/check-in`);
    expect((await screen.findByTestId('attended-count')).textContent).toBe('17 / 50');
    const box = screen.getByRole('textbox', { name: 'Ticket code' });

    type(box, ' EVT-7Q2K ');
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect((await screen.findByTestId('check-in-result')).textContent).toContain(
      'Checked in: Asha Rao (+2 guests)',
    );
    expect(screen.getByTestId('attended-count').textContent).toBe('18 / 50');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ticket: 'EVT-7Q2K' });

    type(box, 'EVT-7Q2K');
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(screen.getByTestId('check-in-result').textContent).toContain(
        'Already checked in at 18:42',
      ),
    );

    type(box, 'NOPE');
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('No such ticket for this event.')).toBeTruthy();
    expect(screen.getByText('Not checked in')).toBeTruthy();
  });
});
