import { ADMIN_COLLEGE_COOKIE } from '@alumnet/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../../lib/session';
import { id, MEMBER } from '../../../../testing/member';
import { filterOptionsQuery } from '../api/colleges';

const SUPER_ADMIN = { ...MEMBER, userType: 'a' as const, isSuperAdmin: true };
const COLLEGES = [
  { _id: id(2), name: 'First College' },
  { _id: id(3), name: 'Second College' },
];

function clientWithColleges() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQuery.queryKey, { user: SUPER_ADMIN });
  client.setQueryData(filterOptionsQuery.queryKey, { colleges: COLLEGES });
  return client;
}
const wrapperOf =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

const clearCookie = () => {
  document.cookie = `${ADMIN_COLLEGE_COOKIE}=; path=/; max-age=0`;
};
const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${ADMIN_COLLEGE_COOKIE}=`))
    ?.split('=')[1];

/** The hook's module afresh: its one-time move from local storage runs once per module. */
const load = async () => {
  vi.resetModules();
  return import('./use-admin-college');
};

describe('useAdminCollege', () => {
  beforeEach(() => {
    clearCookie();
    localStorage.clear();
  });
  afterEach(() => {
    clearCookie();
    localStorage.clear();
  });

  it('reads the chosen college from its cookie, from the first render on', async () => {
    document.cookie = `${ADMIN_COLLEGE_COOKIE}=${COLLEGES[1]!._id}; path=/`;
    const { useAdminCollege } = await load();
    const renders: (string | undefined)[] = [];
    const { result } = renderHook(
      () => {
        const answer = useAdminCollege();
        renders.push(answer.college?.name);
        return answer;
      },
      { wrapper: wrapperOf(clientWithColleges()) },
    );
    expect(result.current.collegeId).toBe(COLLEGES[1]!._id);
    // Never another college first.
    expect(new Set(renders)).toEqual(new Set(['Second College']));
  });

  it('draws the college the request’s cookie names on the server, and the same in the browser taking it over', async () => {
    const { useAdminCollege, readDrawnAdminCollegeFrom } = await load();
    function Title() {
      return <h1>{useAdminCollege().college?.name}</h1>;
    }
    const draw = () =>
      renderToString(
        <QueryClientProvider client={clientWithColleges()}>
          <Title />
        </QueryClientProvider>,
      );
    // On the server (no document): the value src/ssr.tsx hands over from the request.
    readDrawnAdminCollegeFrom(() => COLLEGES[1]!._id);
    vi.stubGlobal('document', undefined);
    try {
      expect(draw()).toBe('<h1>Second College</h1>');
    } finally {
      vi.unstubAllGlobals();
    }
    // In the browser, the first render of a takeover reads the cookie that request carried.
    document.cookie = `${ADMIN_COLLEGE_COOKIE}=${COLLEGES[1]!._id}; path=/`;
    readDrawnAdminCollegeFrom(() => null);
    expect(draw()).toBe('<h1>Second College</h1>');
  });

  it('uses the first college until one is chosen, and keeps a choice in the cookie', async () => {
    const { useAdminCollege } = await load();
    const { result } = renderHook(() => useAdminCollege(), {
      wrapper: wrapperOf(clientWithColleges()),
    });
    expect(result.current.college?.name).toBe('First College');
    act(() => result.current.setCollegeId(COLLEGES[1]!._id));
    expect(result.current.college?.name).toBe('Second College');
    expect(cookieValue()).toBe(COLLEGES[1]!._id);
    expect(localStorage.getItem('alumnet-admin-college')).toBeNull();
  });

  it('moves a choice an earlier version left in local storage into the cookie, once', async () => {
    localStorage.setItem('alumnet-admin-college', COLLEGES[1]!._id);
    const { useAdminCollege, ADMIN_COLLEGE_KEY } = await load();
    expect(ADMIN_COLLEGE_KEY).toBe('alumnet-admin-college');
    const { result } = renderHook(() => useAdminCollege(), {
      wrapper: wrapperOf(clientWithColleges()),
    });
    expect(result.current.college?.name).toBe('Second College');
    expect(cookieValue()).toBe(COLLEGES[1]!._id);
    expect(localStorage.getItem(ADMIN_COLLEGE_KEY)).toBeNull();
  });

  it('lets a college admin work on their own college whatever a cookie says', async () => {
    document.cookie = `${ADMIN_COLLEGE_COOKIE}=${COLLEGES[1]!._id}; path=/`;
    const { useAdminCollege } = await load();
    const client = clientWithColleges();
    client.setQueryData(meQuery.queryKey, {
      user: { ...SUPER_ADMIN, isSuperAdmin: false, collegeId: COLLEGES[0]!._id },
    });
    client.setQueryData(filterOptionsQuery.queryKey, { colleges: [COLLEGES[0]!] });
    const { result } = renderHook(() => useAdminCollege(), { wrapper: wrapperOf(client) });
    expect(result.current.collegeId).toBe(COLLEGES[0]!._id);
  });
});
