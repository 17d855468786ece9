import type { ComponentChildren, PartialAnchorHTMLAttributes } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
addEventListener('popstate', notify);

/** Moves the app to `path` without a page load (`replace` keeps the history entry count). */
export function navigate(path: string, opts: { replace?: boolean } = {}) {
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  notify();
}

/** The current location's path and query; re-renders the caller on every navigation. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const rerender = () => setVersion((v) => v + 1);
    listeners.add(rerender);
    return () => void listeners.delete(rerender);
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

type AnchorProps = Omit<PartialAnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'role'> & { href: string; children: ComponentChildren };

/** An ordinary link (opens in a new tab, keyboard and screen readers as usual) that navigates in-app on a plain click. */
export function AppLink({ href, onClick, ...rest }: AnchorProps) {
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
