import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationKind,
  type NotificationPreference,
} from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../lib/session';
import { MEMBER } from '../../../testing/member';
import { NotificationSettingsPage } from './notification-settings-page';

// The member layout opens the chat connection; there is no server to reach here.
vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

afterEach(() => vi.unstubAllGlobals());

type Preferences = Record<NotificationKind, NotificationPreference>;

/** GET answers `stored`; PUT answers `refusal` (400) if given, else stores what it was sent. */
function serve(stored: Preferences, refusal?: string) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      const answer = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      if (path === '/api/notifications/unread-count') return answer({ unread: 0 });
      if (path !== '/api/notifications/preferences') return answer({ message: 'Not found' }, 404);
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { preferences: Partial<Preferences> };
        puts.push(body);
        if (refusal) {
          return answer({ statusCode: 400, error: 'Bad Request', message: refusal }, 400);
        }
        Object.assign(stored, body.preferences);
      }
      return answer({ preferences: stored });
    }),
  );
  return puts;
}

function renderPage(user = MEMBER) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/settings/notifications']}>
          <NotificationSettingsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const row = (name: string) => screen.getByRole('group', { name });
const emailOf = (name: string) =>
  within(row(name)).getByRole('combobox', { name: `E-mail for ${name.toLowerCase()}` });

/** Opens the kind's e-mail select and picks `option` in its own list. */
async function choose(name: string, option: string) {
  const input = emailOf(name);
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`the list of ${name} is not open`);
    return found;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('/settings/notifications', { timeout: 20_000 }, () => {
  it('loads each kind with its switch and e-mail choice', async () => {
    serve({ ...DEFAULT_NOTIFICATION_PREFERENCES, post_like: { inApp: false, email: 'weekly' } });
    renderPage();
    await screen.findByRole('group', { name: 'Likes on your posts' });
    const likes = within(row('Likes on your posts'));
    expect(likes.getByText('Someone likes a post of yours.')).toBeTruthy();
    expect((likes.getByRole('switch', { name: 'In the app' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((emailOf('Likes on your posts') as HTMLInputElement).value).toBe('Weekly digest');
    expect((emailOf('Messages') as HTMLInputElement).value).toBe('At once');
    expect((emailOf('Comments on your posts') as HTMLInputElement).value).toBe('Daily digest');
    // Named fields, as a drawn form has them.
    const form = screen.getByRole('button', { name: 'Save settings' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector('input[name="post_like.inApp"]')).not.toBeNull();
    expect(form.querySelector('input[name="chat_message.email"]')).not.toBeNull();
    // Sign-ups waiting are an admin's.
    expect(screen.queryByRole('group', { name: 'Sign-ups waiting for approval' })).toBeNull();
  });

  it('saves the kinds that changed, and says so', async () => {
    const puts = serve({ ...DEFAULT_NOTIFICATION_PREFERENCES });
    renderPage();
    await screen.findByRole('group', { name: 'Likes on your posts' });
    fireEvent.click(within(row('Likes on your jobs')).getByRole('switch', { name: 'In the app' }));
    await choose('Messages', 'Daily digest');
    await choose('Comments on your posts', 'Off');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Your notification settings are saved.');
    expect(puts).toEqual([
      {
        preferences: {
          job_like: { inApp: false, email: 'off' },
          chat_message: { inApp: true, email: 'daily' },
          post_comment: { inApp: true, email: 'off' },
        },
      },
    ]);
    // What is shown is what was stored.
    await waitFor(() =>
      expect((emailOf('Messages') as HTMLInputElement).value).toBe('Daily digest'),
    );
  });

  it("shows the server's message when it refuses", async () => {
    const puts = serve(
      { ...DEFAULT_NOTIFICATION_PREFERENCES },
      'E-mail must be one of: off, instant, daily, weekly.',
    );
    renderPage();
    await screen.findByRole('group', { name: 'Likes on your posts' });
    await choose('Likes on your posts', 'At once');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('E-mail must be one of: off, instant, daily, weekly.');
    expect(puts).toHaveLength(1);
  });

  it('sends nothing when nothing changed', async () => {
    const puts = serve({ ...DEFAULT_NOTIFICATION_PREFERENCES });
    renderPage({ ...MEMBER, userType: 'a' });
    await screen.findByRole('group', { name: 'Sign-ups waiting for approval' });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Nothing has changed.');
    expect(puts).toEqual([]);
  });
});
