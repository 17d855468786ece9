import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { outboundCa, resolveOutboundTarget, sendOutbound, UnsafeUrlError, type OutboundResponse } from '../../core/outbound';
import { hasFeature, type Plan } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { linksAfter } from '../links';
import { getWorkspaceRow } from '../workspaces';
import { linkHealth, linkHealthEvents } from './schema';

export const CHECK_TIMEOUT_MS = 10_000;
export const CHECK_CONCURRENCY = 8;
const PAGE_SIZE = 200;
const USER_AGENT = 'linkhop-monitor/1.0';

type MonitoredLink = Awaited<ReturnType<typeof linksAfter>>[number];
type State = 'ok' | 'broken';
export interface PassResult {
  checked: number;
  broken: number;
  recovered: number;
}

/**
 * The target's status: HEAD first, GET when HEAD gets no answer or an error status (many
 * servers refuse or mishandle HEAD). Same SSRF guard as webhooks; redirects are not followed
 * (a 3xx is a normal answer of a live target). null when the target gave no answer at all.
 */
async function probe(deps: Deps, target: string): Promise<OutboundResponse | null> {
  let checked: Awaited<ReturnType<typeof resolveOutboundTarget>>;
  try {
    checked = await resolveOutboundTarget(target, { protocols: ['http:', 'https:'], maxLength: 4096, allowPrivate: deps.config.webhookAllowPrivate });
  } catch (error) {
    if (error instanceof UnsafeUrlError) return null;
    throw error;
  }
  const request = { timeoutMs: CHECK_TIMEOUT_MS, ca: outboundCa(deps.config.webhookCaFile), headers: { 'user-agent': USER_AGENT, accept: '*/*' } };
  const head = await sendOutbound(checked, { ...request, method: 'HEAD' });
  if (head.statusCode !== null && head.statusCode < 400) return head;
  const get = await sendOutbound(checked, { ...request, method: 'GET' });
  return get.statusCode !== null ? get : head.statusCode !== null ? head : null;
}

/**
 * Records a check and reports whether the state changed; a change is kept in the link's health
 * history in the same transaction. Atomic per link (conditional UPDATE, INSERT … ON CONFLICT DO
 * NOTHING), so overlapping passes never announce one change twice. A link's first check counts as a
 * change only when it is broken.
 */
async function recordCheck(deps: Deps, linkId: string, state: State, status: number): Promise<boolean> {
  const values = { state, lastStatus: status, checkedAt: new Date() };
  return deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(linkHealth)
      .set(values)
      .where(and(eq(linkHealth.linkId, linkId), ne(linkHealth.state, state)))
      .returning({ id: linkHealth.linkId });
    const inserted = changed.length
      ? []
      : await tx
          .insert(linkHealth)
          .values({ linkId, ...values })
          .onConflictDoNothing()
          .returning({ id: linkHealth.linkId });
    if (changed.length || (inserted.length && state === 'broken')) {
      await tx.insert(linkHealthEvents).values({ linkId, type: state === 'broken' ? 'link.broken' : 'link.recovered', status, at: values.checkedAt });
      return true;
    }
    if (!inserted.length) await tx.update(linkHealth).set({ lastStatus: status, checkedAt: values.checkedAt }).where(eq(linkHealth.linkId, linkId));
    return false;
  });
}

const HISTORY_LIMIT = 50;

/** A link's last known health and its latest state changes, newest first (no checks yet: state null). */
export async function linkHealthOf(db: DbOrTx, link: { id: string; monitoring: boolean }) {
  const [current] = await db.select().from(linkHealth).where(eq(linkHealth.linkId, link.id));
  const events = await db
    .select({ type: linkHealthEvents.type, at: linkHealthEvents.at, status: linkHealthEvents.status })
    .from(linkHealthEvents)
    .where(eq(linkHealthEvents.linkId, link.id))
    .orderBy(desc(linkHealthEvents.at))
    .limit(HISTORY_LIMIT);
  return {
    monitoring: link.monitoring,
    state: (current?.state as State | undefined) ?? null,
    last_status: current?.lastStatus ?? null,
    checked_at: current?.checkedAt.toISOString() ?? null,
    events: events.map((e) => ({ type: e.type as 'link.broken' | 'link.recovered', at: e.at.toISOString(), status: e.status })),
  };
}

/** One link: 4xx/5xx → broken (`link.broken` on the change), any other answer → ok (`link.recovered` after broken). */
async function checkLink(deps: Deps, link: MonitoredLink, result: PassResult) {
  const answer = await probe(deps, link.target);
  result.checked++;
  // no answer (unresolvable, refused, timed out, unsafe address) says nothing about the target's status: state kept
  if (!answer?.statusCode) return;
  const state: State = answer.statusCode >= 400 ? 'broken' : 'ok';
  if (!(await recordCheck(deps, link.id, state, answer.statusCode))) return;
  const base = { id: link.id, domain: link.domain, slug: link.slug, target: link.target, status_code: answer.statusCode };
  if (state === 'broken') {
    result.broken++;
    deps.bus.emit('link.broken', { workspaceId: link.workspaceId, data: base });
  } else {
    result.recovered++;
    deps.bus.emit('link.recovered', { workspaceId: link.workspaceId, data: { ...base, short_url: shortUrl(deps.config, link.domain, link.slug) } });
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

async function runPass(deps: Deps): Promise<PassResult> {
  const result: PassResult = { checked: 0, broken: 0, recovered: 0 };
  const plans = new Map<string, Plan | null>();
  const planOf = async (workspaceId: string) => {
    if (!plans.has(workspaceId)) plans.set(workspaceId, (await getWorkspaceRow(deps.db, workspaceId))?.plan ?? null);
    return plans.get(workspaceId)!;
  };
  let afterId: string | undefined;
  for (;;) {
    const page = await linksAfter(deps.db, { monitored: true }, { afterId, limit: PAGE_SIZE });
    if (!page.length) break;
    afterId = page.at(-1)!.id;
    const due: MonitoredLink[] = [];
    for (const link of page) {
      const plan = await planOf(link.workspaceId);
      if (plan && hasFeature(plan, 'monitoring')) due.push(link);
    }
    await eachLimited(due, CHECK_CONCURRENCY, async (link) => {
      try {
        await checkLink(deps, link, result);
      } catch (err) {
        deps.log.warn({ err, linkId: link.id }, 'link check failed');
      }
    });
    if (page.length < PAGE_SIZE) break;
  }
  return result;
}

const running = new WeakMap<Deps, Promise<PassResult>>();

/**
 * One pass over every monitored link of Pro+ workspaces. A pass already running in this
 * process is joined rather than doubled (scheduler and operator trigger may meet).
 */
export function runMonitoringPass(deps: Deps): Promise<PassResult> {
  let pass = running.get(deps);
  if (!pass) {
    pass = runPass(deps).finally(() => running.delete(deps));
    running.set(deps, pass);
  }
  return pass;
}
