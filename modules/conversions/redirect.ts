import type { Deps } from '../../core/deps';
import { withQueryParams } from '../../core/format';
import type { LinkBeforeCreate, RedirectResolve } from '../../core/hooks';
import { hasFeature } from '../../core/plans';
import { rememberedWorkspace } from '../workspaces';

/** The query parameter that carries a visit's click id to the target (and that lh.js keeps in a cookie). */
export const CLICK_ID_PARAM = 'lh_cid';

/**
 * Conversion stage (order 75: after routing and UTM, before the pages, which continue to the target
 * it leaves): a counted visit of a tracking link brings its click id to a web target, replacing any
 * `lh_cid` there. A bot's or a HEAD request's visit is not counted and gets none. Synchronous: the
 * click id is made from the click's batch, without I/O.
 */
export function clickIdStage(ctx: RedirectResolve): void {
  if (!ctx.link.track_conversions || !(ctx.target.startsWith('https://') || ctx.target.startsWith('http://'))) return;
  const id = ctx.clickId;
  if (id !== undefined) ctx.target = withClickId(ctx.target, id);
}

/**
 * The target with `lh_cid=<id>` (a click id needs no escaping). Appended as text when the target has
 * no fragment and no `lh_cid` yet, as on nearly every visit: parsing the URL on each visit would cost
 * a tracking link a tenth of its redirect rate; any other target goes through the URL parser.
 */
export function withClickId(target: string, id: string): string {
  if (target.includes('#') || target.includes(`${CLICK_ID_PARAM}=`)) return withQueryParams(target, [[CLICK_ID_PARAM, id]]);
  const separator = !target.includes('?') ? '?' : target.endsWith('?') || target.endsWith('&') ? '' : '&';
  return `${target}${separator}${CLICK_ID_PARAM}=${id}`;
}

/** `link.beforeCreate`: a new link that does not say tracks conversions when its workspace's default says so (and its plan has them). */
export async function workspaceDefault(deps: Deps, ctx: LinkBeforeCreate): Promise<void> {
  if (ctx.link.track_conversions !== undefined || !hasFeature(ctx.plan, 'conversions')) return;
  const workspace = await rememberedWorkspace(deps, ctx.workspaceId);
  if (workspace?.trackConversionsDefault) ctx.link.track_conversions = true;
}
