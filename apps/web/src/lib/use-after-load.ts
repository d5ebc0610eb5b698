import { useEffect, useState } from 'react';

/**
 * False until the page has loaded (then true, on the next task): for code no screen needs to
 * paint, fetched afterwards so that it does not compete with the screen's own chunks and data.
 */
export function useAfterLoad() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      const timer = setTimeout(() => setLoaded(true));
      return () => clearTimeout(timer);
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}
