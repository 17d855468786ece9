import type { Page } from 'playwright-core';

/** What the browser's own session gets from the API (cookie + CSRF token): proves the API refuses what a page does not offer. */
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
