import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { meQuery } from '../../../../lib/session';
import { filterOptionsQuery } from '../api/colleges';

/** The super admin's chosen college, kept across reloads and shared by every admin screen. */
export const ADMIN_COLLEGE_KEY = 'alumnet-admin-college';

// Several screens (and tabs) read the choice: they all follow the one value in storage.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};
// Where storage is refused (private mode), the choice lasts for this page only.
let inMemory: string | null = null;
const readStored = () => {
  try {
    return localStorage.getItem(ADMIN_COLLEGE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
};

/**
 * The college the admin screens work on. A college admin's answer holds only their college; a
 * super admin picks one ('Select a college'), and until they do the first of the list is used,
 * so the screens show something at once.
 */
export function useAdminCollege() {
  const { data: session } = useSuspenseQuery(meQuery);
  const options = useQuery(filterOptionsQuery);
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  const colleges = options.data?.colleges ?? [];
  const isSuperAdmin = Boolean(session.user?.isSuperAdmin);

  const chosen = isSuperAdmin ? colleges.find((c) => c._id === stored) : undefined;
  const college = chosen ?? colleges[0] ?? null;
  const collegeId = college?._id ?? (isSuperAdmin ? '' : (session.user?.collegeId ?? ''));

  const setCollegeId = useCallback((id: string) => {
    inMemory = id;
    try {
      localStorage.setItem(ADMIN_COLLEGE_KEY, id);
    } catch {
      // Kept in memory above.
    }
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
