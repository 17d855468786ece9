import { t } from 'elysia';
import { Int, Plan, Role, UtmParams } from '../../core/model';

export const ATTRIBUTION_WINDOW_MAX_DAYS = 365;

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

export const CreateWorkspaceBody = t.Object({ name: t.String({ maxLength: 100, description: 'Workspace name (required)' }) });
export const CreatedWorkspace = t.Object({
  id: t.String(),
  name: t.String(),
  slug: t.String(),
  plan: Plan,
  api_key: t.String({ description: 'A first owner API key for the new workspace, shown only once' }),
});
export const WorkspaceListItem = t.Object({ id: t.String(), name: t.String(), plan: Plan, role: Role, member_count: Int(), created_at: t.String() });

export const GovernanceSchema = t.Object(
  {
    require_utm: t.Optional(t.Boolean()),
    require_tags: t.Optional(t.Boolean()),
    require_title: t.Optional(t.Boolean()),
    max_expiry_days: t.Optional(Int()),
    blocked_domains: t.Optional(t.Array(t.String())),
    allowed_domains: t.Optional(t.Array(t.String())),
  },
  { description: 'Governance policy (Team+)' },
);

export const Workspace = t.Object({
  id: t.String(),
  name: t.String(),
  slug: t.String(),
  plan: Plan,
  ga_id: Nullable(t.String()),
  ga_api_secret: Nullable(t.String()),
  fb_pixel_id: Nullable(t.String()),
  fb_access_token: Nullable(t.String()),
  retargeting_scripts: Nullable(t.Array(t.String())),
  default_utm_params: Nullable(t.Record(t.String(), t.String())),
  parent_workspace_id: Nullable(t.String()),
  member_count: Int(),
  created_at: t.String(),
  governance: t.Optional(t.Record(t.String(), t.Unknown())),
  expired_page_url: t.String(),
  track_conversions_default: t.Boolean(),
  attribution_window_days: Int(),
});

export const PatchWorkspaceBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    ga_id: t.Optional(Nullable(t.String({ maxLength: 200 }))),
    ga_api_secret: t.Optional(Nullable(t.String({ maxLength: 500 }))),
    fb_pixel_id: t.Optional(Nullable(t.String({ maxLength: 200 }))),
    fb_access_token: t.Optional(Nullable(t.String({ maxLength: 1000 }))),
    retargeting_scripts: t.Optional(Nullable(t.Array(t.String(), { maxItems: 20 }))),
    default_utm_params: t.Optional(Nullable(UtmParams)),
    // validated by the governance policy parser, so its messages name the broken rule
    governance: t.Optional(t.Unknown({ description: 'Governance policy object (Team+), or null to clear' })),
    expired_page_url: t.Optional(Nullable(t.String({ maxLength: 2048 }))),
    track_conversions_default: t.Optional(t.Boolean({ description: 'New links track conversions unless they say otherwise (Pro+)' })),
    attribution_window_days: t.Optional(
      Int({ minimum: 1, maximum: ATTRIBUTION_WINDOW_MAX_DAYS, description: `Days a click can get a lead, 1 to ${ATTRIBUTION_WINDOW_MAX_DAYS} (default 90)` }),
    ),
  },
  { additionalProperties: false },
);
