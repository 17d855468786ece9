import { t } from 'elysia';
import { TEMPLATE_LINK_FIELDS } from './shared';

const CONFIG_DESCRIPTION =
  `Link fields used as defaults: ${TEMPLATE_LINK_FIELDS.join(', ')}, ` +
  'and expires_in_days (positive integer: expires_at = creation + N days). Checked with the same rules as link fields.';
const Config = t.Record(t.String(), t.Unknown(), { description: CONFIG_DESCRIPTION });

export const Template = t.Object({
  id: t.String(),
  workspace_id: t.String(),
  name: t.String(),
  config: Config,
  created_by: t.Union([t.String(), t.Null()]),
  created_at: t.String(),
  updated_at: t.String(),
});
export const TemplateList = t.Object({ templates: t.Array(Template) });

// lengths and the config's contents are checked by the service (one message per rule)
export const CreateTemplateBody = t.Object({
  name: t.String({ description: 'Required, at most 100 characters' }),
  config: Config,
});
export const PatchTemplateBody = t.Object({
  name: t.Optional(t.String({ description: 'At most 100 characters' })),
  config: t.Optional(t.Record(t.String(), t.Unknown(), { description: 'Replaces the entire config' })),
});
export const TemplateParams = t.Object({ wsId: t.String(), templateId: t.String() });
