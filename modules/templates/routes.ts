import { Elysia } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { OkBody, withExample, WsParams } from '../../core/model';
import type { Plan } from '../../core/plans';
import { CreateTemplateBody, PatchTemplateBody, Template, TemplateList, TemplateParams } from './model';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, templateView, updateTemplate } from './service';

const caller = (workspace: { id: string; plan: Plan }, actor: { userId: string }) => ({
  workspaceId: workspace.id,
  plan: workspace.plan,
  userId: actor.userId,
});

export const templateRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:templates', detail: { tags: ['Templates'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/workspaces/:wsId/templates',
      async ({ workspace, actor, body, set }) => {
        const template = await createTemplate(deps, caller(workspace, actor), body);
        set.status = 201;
        return template;
      },
      {
        access: { role: 'admin', feature: 'templates' },
        params: WsParams,
        body: withExample(CreateTemplateBody, {
          name: 'Newsletter',
          config: { utm_params: { source: 'newsletter', medium: 'email' }, tags: ['newsletter'], expires_in_days: 30 },
        }),
        response: { 201: Template },
        detail: { summary: 'Create a link template (Pro+)' },
      },
    )
    .get('/api/workspaces/:wsId/templates', async ({ workspace }) => ({ templates: await listTemplates(deps.db, workspace.id) }), {
      access: { role: 'viewer', feature: 'templates' },
      params: WsParams,
      response: { 200: TemplateList },
      detail: { summary: 'List the templates of a workspace' },
    })
    .get(
      '/api/workspaces/:wsId/templates/:templateId',
      async ({ workspace, params }) => {
        const row = await getTemplate(deps.db, workspace.id, params.templateId);
        if (!row) throw notFound('Template');
        return templateView(row);
      },
      {
        access: { role: 'viewer', feature: 'templates' },
        params: TemplateParams,
        response: { 200: Template },
        detail: { summary: 'Get a template' },
      },
    )
    .patch(
      '/api/workspaces/:wsId/templates/:templateId',
      async ({ workspace, actor, params, body }) => {
        await updateTemplate(deps, caller(workspace, actor), params.templateId, body);
        return { ok: true as const };
      },
      {
        access: { role: 'admin', feature: 'templates' },
        params: TemplateParams,
        body: withExample(PatchTemplateBody, { name: 'Weekly newsletter' }),
        response: { 200: OkBody },
        detail: { summary: 'Rename a template or replace its entire config' },
      },
    )
    .delete(
      '/api/workspaces/:wsId/templates/:templateId',
      async ({ workspace, params }) => {
        await deleteTemplate(deps.db, workspace.id, params.templateId);
        return { ok: true as const };
      },
      {
        access: { role: 'admin', feature: 'templates' },
        params: TemplateParams,
        response: { 200: OkBody },
        detail: { summary: 'Delete a template (links made from it keep their values)' },
      },
    );
