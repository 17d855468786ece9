import { ClickBatchBuilder, clickId, type Click } from '../../modules/clicks/batch';
import { storeClicks } from '../../modules/clicks/service';
import { clickOf } from '../helpers/clicks';
import type { TestApp } from '../helpers/app';
import { BROWSER_UA } from '../links/fixtures';

export { BROWSER_UA };

/** A counted visit (a browser's GET) of a short link: the target it was sent to. */
export async function visitTarget(t: TestApp, slug: string, headers: Record<string, string> = {}): Promise<URL> {
  const res = await t.request(`/${slug}`, { headers: { 'user-agent': BROWSER_UA, ...headers } });
  if (res.status !== 302) throw new Error(`visit of ${slug}: ${res.status}`);
  return new URL(res.headers.get('location')!);
}

/**
 * A click stored as the pipeline would have stored it at `at` (its batch made then too, as the
 * recorder makes it at the batch's first click), with the visitor facts given: a click of the past
 * that a lead can refer to.
 */
export async function storedClickAt(
  t: TestApp,
  link: { id: string; workspace_id: string; domain: string; slug: string },
  at: Date,
  facts: Partial<Pick<Click, 'country' | 'referer' | 'browser' | 'os' | 'device'>> = {},
): Promise<string> {
  const batch = new ClickBatchBuilder(Bun.randomUUIDv7('hex', at));
  const index = batch.add(clickOf(link, { ...facts, clicked_at: at.getTime() }));
  await storeClicks(t.deps.db, batch.build());
  return clickId(batch.id, index);
}
