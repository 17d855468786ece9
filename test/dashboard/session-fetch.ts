import type { Page } from 'playwright-core';

/**
 * The status the API answers the browser's own session (cookie and CSRF token), as the page would
 * call it: proves the API refuses what the page does not offer a role.
 */
export const sessionFetch = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/api/session')).json();
      const res = await fetch(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, path, body },
  );
