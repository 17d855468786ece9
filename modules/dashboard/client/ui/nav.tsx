import { useLocation as useRouterLocation } from 'preact-iso';

/**
 * Moves the app to `path` without a page load, from anywhere (a form's success, a filter change):
 * preact-iso's LocationProvider follows history through popstate, which pushState alone does not fire.
 */
export function navigate(path: string, opts: { replace?: boolean } = {}) {
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The current path and query (as URLSearchParams, which the filter helpers read); re-renders on navigation. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const { path, url } = useRouterLocation();
  return { path, query: new URL(url, location.origin).searchParams };
}
