import { invalid } from '../../core/errors';
import type { RedirectResolve } from '../../core/hooks';
import { expectBoolean, expectHttpUrl, expectObject, expectText, linkCookie, linkCookieName } from '../../core/stages';

export interface Sequence {
  urls: { url: string; title?: string }[];
  loop: boolean;
}

/** Validates `sequence`: 2 to 50 `{url, title?}` items; `loop` defaults to false. */
export function checkSequence(value: unknown): Sequence {
  const input = expectObject('sequence', value, ['urls', 'loop']);
  if (!Array.isArray(input.urls) || input.urls.length < 2 || input.urls.length > 50) throw invalid('sequence.urls', 'expected 2 to 50 items {url, title?}');
  const urls = input.urls.map((raw, i) => {
    const item = expectObject(`sequence.urls[${i}]`, raw, ['url', 'title']);
    const step: { url: string; title?: string } = { url: expectHttpUrl(`sequence.urls[${i}].url`, item.url) };
    if (item.title !== undefined && item.title !== null) step.title = expectText(`sequence.urls[${i}].title`, item.title, 200);
    return step;
  });
  return { urls, loop: input.loop === undefined || input.loop === null ? false : expectBoolean('sequence.loop', input.loop) };
}

/**
 * The step of this visit and the cookie value for the next one. The cookie holds the index of
 * the next URL; past the end the visitor stays on the last URL, or restarts at the first with `loop`.
 */
export function sequenceStep(cookie: string | undefined, length: number, loop: boolean): { index: number; next: number } {
  const seen = cookie !== undefined && /^\d{1,3}$/.test(cookie) ? Number(cookie) : 0;
  const index = seen < length ? seen : loop ? seen % length : length - 1;
  return { index, next: loop ? (index + 1) % length : Math.min(index + 1, length) };
}

/** Stage 10: a sequence decides the target before any routing. */
export function sequenceStage(ctx: RedirectResolve): void {
  const sequence = ctx.link.sequence as Sequence | null;
  if (ctx.routed || !sequence?.urls?.length) return;
  const { index, next } = sequenceStep(ctx.visitor.cookies[linkCookieName('seq', ctx.link)], sequence.urls.length, sequence.loop === true);
  ctx.target = sequence.urls[index]!.url;
  ctx.routed = true;
  ctx.setCookies.push(linkCookie('seq', ctx.link, String(next)));
}
