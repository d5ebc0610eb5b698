import { ADMIN_COLLEGE_COOKIE } from '@alumnet/contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { meQuery } from '../../../../lib/session';
import { filterOptionsQuery } from '../api/colleges';

/**
 * Where the choice was kept before it moved to a cookie: read once, moved to the cookie, removed.
 * The server cannot read local storage, so a page it drew showed another college first.
 */
export const ADMIN_COLLEGE_KEY = 'alumnet-admin-college';

// Several screens read the choice: they all follow the one value in the cookie. A choice made in
// another tab is followed when this one is looked at again (a cookie change sends no event).
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  document.addEventListener('visibilitychange', listener);
  // After the first render (a drawn page's takeover included), which must match what was drawn.
  if (migrateStored()) listener();
  return () => {
    listeners.delete(listener);
    document.removeEventListener('visibilitychange', listener);
  };
};

// Where cookies are refused, the choice lasts for this page only.
let inMemory: string | null = null;

function readCookie() {
  const prefix = `${ADMIN_COLLEGE_COOKIE}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!entry) return null;
  try {
    return decodeURIComponent(entry.slice(prefix.length)) || null;
  } catch {
    return null;
  }
}

function writeCookie(id: string) {
  document.cookie = `${ADMIN_COLLEGE_COOKIE}=${encodeURIComponent(id)}; path=/; max-age=31536000; samesite=lax`;
}

let migrated = false;
/** A choice left in local storage by an earlier version becomes the cookie, once; true if so. */
function migrateStored() {
  if (migrated) return false;
  migrated = true;
  try {
    const old = localStorage.getItem(ADMIN_COLLEGE_KEY);
    if (old === null) return false;
    localStorage.removeItem(ADMIN_COLLEGE_KEY);
    if (readCookie() !== null) return false;
    writeCookie(old);
    return true;
  } catch {
    // Storage refused: nothing was kept there either.
    return false;
  }
}

const readChoice = () => readCookie() ?? inMemory;

/** On the server: the value of the cookie the request carried (src/ssr.tsx sets the source). */
let drawnChoice: () => string | null = () => null;
export function readDrawnAdminCollegeFrom(source: () => string | null) {
  drawnChoice = source;
}

/**
 * What the server drew with, and so what taking its page over must start from: the request's
 * cookie there, the same cookie here.
 */
const readDrawnChoice = () => (typeof document === 'undefined' ? drawnChoice() : readCookie());

/**
 * The college the admin screens work on. A college admin's answer holds only their college; a
 * super admin picks one ('Select a college'), and until they do the first of the list is used,
 * so the screens show something at once.
 */
export function useAdminCollege() {
  const { data: session } = useSuspenseQuery(meQuery);
  const options = useQuery(filterOptionsQuery);
  const stored = useSyncExternalStore(subscribe, readChoice, readDrawnChoice);
  const colleges = options.data?.colleges ?? [];
  const isSuperAdmin = Boolean(session.user?.isSuperAdmin);

  const chosen = isSuperAdmin ? colleges.find((c) => c._id === stored) : undefined;
  const college = chosen ?? colleges[0] ?? null;
  const collegeId = college?._id ?? (isSuperAdmin ? '' : (session.user?.collegeId ?? ''));

  const setCollegeId = useCallback((id: string) => {
    inMemory = id;
    writeCookie(id);
    listeners.forEach((listener) => listener());
  }, []);

  return {
    user: session.user,
    isSuperAdmin,
    colleges,
    college,
    collegeId,
    setCollegeId,
    isLoading: options.isPending,
    error: options.error,
  };
}
