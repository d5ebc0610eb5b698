import { DEFAULT_PRIVACY, type PrivacySettings } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../lib/session';
import { MEMBER } from '../../../testing/member';
import { PRIVACY_SAVED, PrivacySettingsPage } from './privacy-settings-page';

// The member layout opens the chat connection; there is no server to reach here.
vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

afterEach(() => vi.unstubAllGlobals());

/** GET answers `stored`; PUT answers `refusal` (400) if given, else stores what it was sent. */
function serve(stored: PrivacySettings, refusal?: string) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      const answer = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      if (path === '/api/notifications/unread-count') return answer({ unread: 0 });
      if (path !== '/api/me/privacy') return answer({ message: 'Not found' }, 404);
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as PrivacySettings;
        puts.push(body);
        if (refusal)
          return answer({ statusCode: 400, error: 'Bad Request', message: refusal }, 400);
        Object.assign(stored, body);
      }
      return answer(stored);
    }),
  );
  return puts;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER } as never);
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/settings/privacy']}>
          <PrivacySettingsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Opens a detail's select and picks `option` in its own list. */
async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`the list of ${label} is not open`);
    return found;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('/settings/privacy', { timeout: 20_000 }, () => {
  it('shows what is stored and saves the whole object', async () => {
    const puts = serve({ ...DEFAULT_PRIVACY });
    renderPage();
    const phone = await screen.findByRole('combobox', { name: 'Phone' });
    expect((phone as HTMLInputElement).value).toBe('Nobody');
    expect((screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement).value).toBe(
      'My college',
    );
    // The label wraps the description too: the name begins with the label's words.
    const listed = screen.getByRole('switch', { name: /^Show me in Alum Zone and chat search/ });
    expect((listed as HTMLInputElement).checked).toBe(true);

    await choose('Phone', 'My batch');
    fireEvent.click(listed);
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(save);
    await screen.findByRole('status');
    expect(screen.getByRole('status').textContent).toContain(PRIVACY_SAVED);
    expect(puts).toEqual([{ ...DEFAULT_PRIVACY, phone: 'batch', listed: false }]);
  });

  it("shows the server's refusal and says nothing was saved", async () => {
    serve({ ...DEFAULT_PRIVACY }, 'Choose who sees it: my college, my batch or nobody');
    renderPage();
    await screen.findByRole('combobox', { name: 'E-mail' });
    await choose('E-mail', 'My college');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(save);
    await screen.findByText('Choose who sees it: my college, my batch or nobody');
    // The page's own confirmation (the toasts' store outlives a test, so not the text).
    expect(screen.queryByRole('status')).toBeNull();
  });
});
