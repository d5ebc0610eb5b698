import { useEffect, useMemo } from 'react';

/**
 * A URL that shows `file` in the page (a preview before upload), or null without one. It keeps
 * the file in memory until revoked, so it is released when the file changes or on unmount.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
