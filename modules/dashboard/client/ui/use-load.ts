import { useCallback, useEffect, useState } from 'preact/hooks';

export type Loaded<T> = { data?: T; error?: unknown; loading: boolean; reload(): void };

/** Runs `load` when `key` changes (and on reload); the latest answer wins. */
export function useLoad<T>(load: () => Promise<T>, key: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ data: s.data, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error) => current && setState({ error, loading: false }),
    );
    return () => void (current = false);
  }, [...key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
