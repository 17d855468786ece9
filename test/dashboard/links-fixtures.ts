import type { Locator, Page } from 'playwright-core';
import type { Plan, Role } from '../../core/plans';
import { addMember, ensureUser } from '../../modules/members/service';
import { signIn, type Dashboard } from './harness';

let people = 0;

/** A person with `role` in a workspace of `plan`, signed in through the mailed link, on a fresh page. */
export async function signedIn(d: Dashboard, opts: { plan?: Plan; role?: Role; workspaceId?: string; width?: number } = {}) {
  const email = `links-${process.pid}-${people++}@example.com`;
  let workspaceId = opts.workspaceId;
  let key: string | undefined;
  if (!workspaceId || opts.role === 'owner') {
    const owner = await d.t.bootstrap({ email, plan: opts.plan ?? 'pro' });
    workspaceId = owner.workspaceId;
    key = owner.key;
  } else {
    const user = await ensureUser(d.t.deps.db, email, opts.role ?? 'viewer', { proven: true });
    await addMember(d.t.deps.db, workspaceId, user.id, opts.role ?? 'viewer');
  }
  const { page, context, cspViolations } = await d.newPage({ width: opts.width });
  await signIn(d, page, email);
  return { page, context, cspViolations, email, workspaceId, key, linksUrl: d.appUrl(`/w/${workspaceId}/links`) };
}

/** The text of the elements describing a control (its hint and inline error). */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** Waits (up to 10 s) until a control's description holds `text`: a new refusal replaces an older one only when its answer arrives. */
export async function describedWith(control: Locator, text: string): Promise<string> {
  let description = '';
  for (let waited = 0; waited < 10_000; waited += 100) {
    description = await descriptionOf(control);
    if (description.includes(text)) break;
    await Bun.sleep(100);
  }
  return description;
}

/** Waits for a toast (the polite live region) saying `text`. */
export async function toastSays(page: Page, text: string | RegExp) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** Presses Tab until the focused element is `target` (at most `max` presses); false when it never is. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<boolean> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => document.activeElement === el, handle)) return true;
  }
  return false;
}
