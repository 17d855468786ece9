import { storeClicks, type ClickRecord } from '../../modules/clicks/service';
import type { TestApp } from './app';

/** Stores clicks of a link through the click pipeline's own write (it also raises `click_count`). */
export async function seedClicks(
  t: TestApp,
  link: { id: string; workspace_id: string; domain: string; slug: string },
  clicks: (Partial<Pick<ClickRecord, 'country' | 'referer' | 'browser' | 'os' | 'device' | 'language'>> & { at?: Date })[],
): Promise<void> {
  await storeClicks(
    t.deps.db,
    clicks.map(({ at, ...c }) => ({
      id: crypto.randomUUID(),
      link_id: link.id,
      workspace_id: link.workspace_id,
      domain: link.domain,
      slug: link.slug,
      clicked_at: (at ?? new Date()).getTime(),
      country: null,
      referer: null,
      browser: null,
      os: null,
      device: null,
      language: null,
      ...c,
    })),
  );
}
