import { navigate } from './nav';

/**
 * Changes the page's address query (filters and pages that live in the address, so a view can be shared
 * and Back works): empty values drop their key, and any change but the page itself returns to page 1.
 * Reads the address afresh: a pending change (a search typed a moment ago) may apply after another.
 */
export function setAddressQuery(change: Record<string, string>, opts: { replace?: boolean } = {}) {
  const next = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!('page' in change)) next.delete('page');
  const search = next.toString();
  navigate(search ? `${location.pathname}?${search}` : location.pathname, opts);
}
