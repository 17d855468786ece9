import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../../core/deps';
import type { DbOrTx } from '../../core/db';
import { ApiError, badRequest, nested, notFound, paymentRequired, invalid, tooLong, required } from '../../core/errors';
import { iso, newId } from '../../core/format';
import type { LinkBeforeCreate } from '../../core/hooks';
import { withinPlanLimit } from '../../core/plan-limits';
import { featureMessage, hasFeature, LIMITS, type Plan } from '../../core/plans';
import { checkLinkFields, linkPatchInput, resolveDomain } from '../links';
import { templates } from './schema';
import { TEMPLATE_LINK_FIELDS } from './shared';

export type TemplateRow = typeof templates.$inferSelect;

/** The link fields a template may hold, plus `expires_in_days`. */
const CONFIG_FIELDS = new Set<string>([...TEMPLATE_LINK_FIELDS, 'expires_in_days']);
/** a bound that keeps `now + N days` a valid date */
const MAX_EXPIRES_IN_DAYS = 36_500;
const DAY_MS = 86_400_000;

interface Caller {
  workspaceId: string;
  plan: Plan;
  userId: string;
}

export function templateView(row: TemplateRow) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    name: row.name,
    config: row.config,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !name.trim()) throw required('name');
  const trimmed = name.trim();
  if (trimmed.length > LIMITS.templateName) throw tooLong('name', LIMITS.templateName);
  return trimmed;
}

/**
 * Checks a config with the links module's own rules (a template is a partial link: the fields
 * present are checked as in a link PATCH, including plan gates and the routing modules'
 * `link.validate` handlers) and returns it normalised. Errors say `config.` so the caller knows where.
 */
export async function checkTemplateConfig(deps: Deps, caller: Caller, config: unknown): Promise<Record<string, unknown>> {
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    throw badRequest('config is required and must be an object', { field: 'config', code: config === undefined || config === null ? 'required' : 'invalid' });
  const { domain, expires_in_days, ...fields } = config as Record<string, unknown>;
  const unknown = Object.keys(config).filter((k) => !CONFIG_FIELDS.has(k));
  if (unknown.length) throw invalid(`config.${unknown[0]}`, `unknown field ${unknown.join(', ').slice(0, 200)} (allowed: ${[...CONFIG_FIELDS].join(', ')})`);
  const empty = Object.keys(config).filter((k) => (config as Record<string, unknown>)[k] === null);
  if (empty.length) throw invalid(`config.${empty[0]}`, `${empty.join(', ')} must not be null (leave the field out instead)`);

  const out: Record<string, unknown> = {};
  if (expires_in_days !== undefined) {
    if (typeof expires_in_days !== 'number' || !Number.isInteger(expires_in_days) || expires_in_days < 1 || expires_in_days > MAX_EXPIRES_IN_DAYS) {
      throw invalid('config.expires_in_days', `expected a positive integer (at most ${MAX_EXPIRES_IN_DAYS})`);
    }
    out.expires_in_days = expires_in_days;
  }
  try {
    if (domain !== undefined) out.domain = (await resolveDomain(deps, deps.db, caller.workspaceId, domain)).domain;
    // the fields a link takes, checked as a link's PATCH checks them: its schema, then its rules
    const values = await checkLinkFields(deps, deps.db, { ...caller, defaultUtmParams: null }, linkPatchInput(fields), 'patch');
    // `fields` now holds what the routing modules normalised; tags and UTM as the link would store them
    Object.assign(out, fields);
    if (values.tags !== undefined) out.tags = values.tags;
    if (values.utmParams !== undefined) out.utm_params = values.utmParams;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw nested(error, 'config', `config: ${error.message}`);
    throw error;
  }
  return out;
}

export async function listTemplates(db: DbOrTx, workspaceId: string) {
  const rows = await db.select().from(templates).where(eq(templates.workspaceId, workspaceId)).orderBy(asc(templates.createdAt), asc(templates.id));
  return rows.map(templateView);
}

export async function getTemplate(db: DbOrTx, workspaceId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)));
  return row ?? null;
}

export async function createTemplate(deps: Deps, caller: Caller, body: { name: unknown; config: unknown }) {
  const name = checkName(body.name);
  const config = await checkTemplateConfig(deps, caller, body.config);
  const row = await deps.db.transaction(async (tx) => {
    await withinPlanLimit(tx, {
      resource: 'templates',
      scopeId: caller.workspaceId,
      plan: caller.plan,
      count: () => tx.$count(templates, eq(templates.workspaceId, caller.workspaceId)),
    });
    const [row] = await tx.insert(templates).values({ id: newId(), workspaceId: caller.workspaceId, name, config, createdBy: caller.userId }).returning();
    return row!;
  });
  return templateView(row);
}

/** PATCH: `name` and/or `config`; a new config replaces the old one entirely. */
export async function updateTemplate(deps: Deps, caller: Caller, id: string, patch: { name?: unknown; config?: unknown }) {
  if (patch.name === undefined && patch.config === undefined) throw badRequest('No updates provided');
  if (!(await getTemplate(deps.db, caller.workspaceId, id))) throw notFound('Template');
  const set: Partial<typeof templates.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = checkName(patch.name);
  if (patch.config !== undefined) set.config = await checkTemplateConfig(deps, caller, patch.config);
  const updated = await deps.db
    .update(templates)
    .set(set)
    .where(and(eq(templates.id, id), eq(templates.workspaceId, caller.workspaceId)))
    .returning({ id: templates.id });
  if (!updated.length) throw notFound('Template');
}

/** Links made from the template keep their values: the template was copied into them at creation. */
export async function deleteTemplate(db: DbOrTx, workspaceId: string, id: string) {
  const deleted = await db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)))
    .returning({ id: templates.id });
  if (!deleted.length) throw notFound('Template');
}

/**
 * The `link.beforeCreate` handler (order 10, before governance judges the result): a create body
 * with `template_id` gets the template's config for every field it does not give itself (a field
 * given on the link, even `null`, wins; objects such as utm_params are not merged), and
 * `expires_in_days` becomes `expires_at` = now + N days unless the link gives `expires_at`.
 * A template of another workspace (or none) is a 400: the body is invalid, nothing was looked up by URL.
 */
export async function applyTemplate(deps: Deps, ctx: LinkBeforeCreate): Promise<void> {
  const id = ctx.link.template_id;
  delete ctx.link.template_id;
  if (id === undefined || id === null || id === '') return;
  if (!hasFeature(ctx.plan, 'templates')) throw paymentRequired(featureMessage('templates'));
  if (typeof id !== 'string') throw invalid('template_id', 'expected a string');
  const template = await getTemplate(deps.db, ctx.workspaceId, id);
  if (!template) throw invalid('template_id', 'no template with this ID in this workspace');
  const { expires_in_days, ...defaults } = template.config;
  for (const [field, value] of Object.entries(defaults)) {
    if (ctx.link[field] === undefined) ctx.link[field] = structuredClone(value);
  }
  if (typeof expires_in_days === 'number' && ctx.link.expires_at === undefined) {
    ctx.link.expires_at = new Date(Date.now() + expires_in_days * DAY_MS).toISOString();
  }
}
