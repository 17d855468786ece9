import { t } from 'elysia';
import { Int, Plan } from '../../core/model';

export const CreateClientBody = t.Object({
  name: t.String({ maxLength: 100, description: 'Client workspace name (required)' }),
  slug: t.Optional(t.String({ maxLength: 50, description: 'URL-safe: lowercase letters, digits, hyphens; default derived from the name' })),
});
export const CreatedClient = t.Object({ id: t.String(), name: t.String(), slug: t.String(), plan: t.Literal('free'), parent_workspace_id: t.String() });
export const ClientItem = t.Object({
  id: t.String(),
  name: t.String(),
  slug: t.String(),
  plan: Plan,
  parent_workspace_id: t.String(),
  link_count: Int(),
  click_count: Int(),
  created_at: t.String(),
});
