import { Elysia } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { ErrorBody, errors, WsParams } from '../../core/model';
import { RATE_LIMITS } from '../../core/plans';
import { checkBody } from '../../core/validation';
import { linkContext } from '../links';
import { csvExportResponses, ExportLinksQuery, type ExportName, ImportBody, ImportQuery, importRequestBody, ImportResult, parseImportRequest } from './model';
import { BATCH, STREAM_ROWS, streamedImport } from './stream';
import { clicksCsv, conversionsCsv, importLinks, linksCsv, linksJsonl, parseImportFile } from './service';

const csvResponse = (body: ReadableStream<Uint8Array>, name: ExportName, workspaceSlug: string) =>
  new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename=${name}-${workspaceSlug}.csv`,
      'cache-control': 'no-store',
    },
  });

export const importExportRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:import-export', detail: { tags: ['Import and export'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/workspaces/:wsId/import/links',
      async ({ workspace, actor, body: raw, query, set }) => {
        const body = checkBody(ImportBody, raw);
        const file = await parseImportFile(body.csv, body.format);
        const dryRun = query.dry_run === true;
        // an import is a bulk create: it shares the bulk-create budget of the workspace. A preview writes
        // nothing but does the same work, so it has a budget of its own, roomier (the dashboard previews
        // as a person picks a file, a format and a domain) and apart (previews never delay the import)
        if (dryRun) await deps.limiter.consume('importPreview', workspace.id, RATE_LIMITS.importPreview);
        else await deps.limiter.consume('linkBulk', workspace.id, RATE_LIMITS.linkBulk);
        const result = await importLinks(deps, await linkContext(deps.db, workspace, actor.userId), file, body.domain, dryRun);
        set.status = dryRun ? 200 : 201;
        return result;
      },
      {
        access: { role: 'editor' },
        params: WsParams,
        query: ImportQuery,
        // the body is checked in the handler: declared here, the generator would hide the multipart and text/csv forms
        parse: parseImportRequest,
        response: { 200: ImportResult, 201: ImportResult, ...errors(402, 429) },
        detail: {
          summary:
            'Import links from CSV (generic, or a Bitly, Shlink, YOURLS or Kutt export); invalid rows are reported, valid rows imported in one transaction; `dry_run=true` previews (200)',
          description:
            'The CSV comes as a JSON or form field `csv`, a multipart file field `csv` (`curl -F csv=@links.csv`), or the whole body as `text/csv` (then `format` and `domain` may be given in the query).',
          requestBody: importRequestBody,
        },
      },
    )
    .post(
      '/api/workspaces/:wsId/import/links/stream',
      async ({ workspace, actor, body: raw, query }) => {
        const body = checkBody(ImportBody, raw);
        const dryRun = query.dry_run === true;
        // one import, one point of the budget, however many batches it writes
        if (dryRun) await deps.limiter.consume('importPreview', workspace.id, RATE_LIMITS.importPreview);
        else await deps.limiter.consume('linkBulk', workspace.id, RATE_LIMITS.linkBulk);
        const ctx = await linkContext(deps.db, workspace, actor.userId);
        const stream = await streamedImport(deps, ctx, body.csv, body.format ?? 'auto', body.domain, dryRun);
        return new Response(stream, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' } });
      },
      {
        access: { role: 'editor' },
        params: WsParams,
        query: ImportQuery,
        parse: parseImportRequest,
        detail: {
          summary: `Import links without the 500-row cap (up to ${STREAM_ROWS.toLocaleString('en')} rows in the 8 MB body), written in transactions of ${BATCH} rows, with progress`,
          description:
            'Takes the same body and formats as the import. Whole-file problems answer 400 as there. Otherwise the answer (200, `application/x-ndjson`) is one JSON object a line: `{type: "start", format, total, dry_run}`, then after each batch `{type: "progress", rows, total, created, skipped, errors, warnings, links}` (that batch\'s row notes, with `row` and `line` as in the import, and its links as the import lists them), then `{type: "done", rows, created, skipped}` or `{type: "failed", error, code, status, rows, created, skipped}` when a batch is refused as a whole (the batches before it stay written; `status` is the one a request refused so would have). A client that stops reading (closes the connection) stops the import before its next batch: the batch being written completes.',
          requestBody: importRequestBody,
          responses: {
            200: { description: 'JSON Lines of progress', content: { 'application/x-ndjson': { schema: { type: 'string' as const } } } },
            ...Object.fromEntries(
              [400, 401, 402, 403, 404, 429].map((status) => [
                status,
                { description: 'Every error answer', content: { 'application/json': { schema: ErrorBody } } },
              ]),
            ),
          },
        },
      },
    )
    .get(
      '/api/workspaces/:wsId/export/links',
      ({ workspace, query }) =>
        query.format === 'jsonl'
          ? new Response(linksJsonl(deps, workspace.id), {
              headers: {
                'content-type': 'application/x-ndjson; charset=utf-8',
                'content-disposition': `attachment; filename=links-${workspace.slug}.jsonl`,
                'cache-control': 'no-store',
              },
            })
          : csvResponse(linksCsv(deps, workspace.id), 'links', workspace.slug),
      {
        access: { role: 'admin' },
        params: WsParams,
        query: ExportLinksQuery,
        detail: {
          summary:
            'Export links as CSV: id, domain, slug, target, title, click_count, created_at, updated_at; or, with `format=jsonl`, every field of every link as JSON Lines (re-importable with nothing lost but passwords)',
          responses: csvExportResponses('links', undefined, true),
        },
      },
    )
    .get('/api/workspaces/:wsId/export/clicks', ({ workspace }) => csvResponse(clicksCsv(deps, workspace.id), 'clicks', workspace.slug), {
      access: { role: 'admin' },
      params: WsParams,
      detail: {
        summary: 'Export the most recent 10,000 clicks as CSV (newest first): id, link_id, domain, slug, clicked_at, country, referer, browser, os, device',
        responses: csvExportResponses('clicks'),
      },
    })
    .get('/api/workspaces/:wsId/export/conversions', ({ workspace }) => csvResponse(conversionsCsv(deps, workspace.id), 'conversions', workspace.slug), {
      access: { role: 'admin', feature: 'conversions' },
      params: WsParams,
      detail: {
        summary:
          'Export every lead and sale as CSV (newest first): type (lead or sale), id, created_at, link_id, domain, slug, click_id, customer_id, customer_email, customer_name, event_name, amount (minor units), currency, invoice_id',
        responses: csvExportResponses('conversions', [401, 402, 403, 404]),
      },
    });
