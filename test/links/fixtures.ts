import { eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app';
import { domains } from '../../modules/domains/schema';

export interface Ws {
  workspaceId: string;
  key: string;
  userId: string;
}

/** A custom domain of the workspace through the API; `verified` is set in the database (DNS is not the subject here). */
export async function addDomain(t: TestApp, ws: Ws, domain: string, verified = false) {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain } });
  if (res.status !== 201) throw new Error(`domain add failed: ${res.status} ${res.text}`);
  if (verified) await t.deps.db.update(domains).set({ verified: true }).where(eq(domains.domain, domain));
  return res.body;
}

export async function createLink(t: TestApp, ws: Ws, body: Record<string, unknown>) {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });
  if (res.status !== 201) throw new Error(`link create failed: ${res.status} ${res.text}`);
  return res.body as { id: string; slug: string; domain: string; short_url: string; [k: string]: unknown };
}

export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
