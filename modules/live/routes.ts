import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, WsParams } from '../../core/model';
import { LIVE_ACCESS, liveStreams } from './streams';

export const liveRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:live', detail: { tags: ['Stats'] } }).use(accessMacro(deps.access!)).get(
    '/api/workspaces/:wsId/stats/live',
    ({ request, actor, workspace }) =>
      new Response(liveStreams(deps).stream(request, actor, workspace.id), {
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
      }),
    {
      access: LIVE_ACCESS,
      params: WsParams,
      response: { 200: t.String({ description: 'text/event-stream' }), ...errors(401, 402, 403, 404, 429) },
      detail: {
        summary:
          'Server-Sent Events, as they happen: `click` (each stored click once: link, time, country, device, browser, OS, referrer host; never an IP or a user agent), `lead` and `sale`; a reader that falls behind is disconnected, and the stream ends when its key or session is revoked or the caller loses access. 429 beyond 10 open streams per key or session, or beyond the server’s LIVE_STREAMS_MAX',
      },
    },
  );
