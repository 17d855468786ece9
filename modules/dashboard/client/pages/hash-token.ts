import { useEffect, useState } from 'preact/hooks';

/** The `#token=…` of a mailed link, read once and dropped from the address bar (it must not linger in history). */
function takeHashToken(): string | undefined {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  return token;
}

/**
 * The mailed link's token; also when the link opens in a tab already on the page (only the hash
 * changes then, and the browser does not reload). `setToken(undefined)` forgets a spent one.
 */
export function useHashToken() {
  const [token, setToken] = useState(takeHashToken);
  useEffect(() => {
    const onHash = () => {
      const fresh = takeHashToken();
      if (fresh) setToken(fresh);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return [token, setToken] as const;
}
