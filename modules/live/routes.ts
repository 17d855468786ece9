import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, WsParams } from '../../core/model';
import { liveHub } from './hub';
import { eventStream } from './stream';

export const liveRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:live', detail: { tags: ['Stats'] } }).use(accessMacro(deps.access!)).get(
    '/api/workspaces/:wsId/stats/live',
    ({ workspace }) =>
      new Response(
        eventStream((send) => liveHub(deps).subscribe(workspace.id, send)),
        { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } },
      ),
    {
      access: { role: 'viewer', feature: 'stats' },
      params: WsParams,
      response: { 200: t.String({ description: 'text/event-stream' }), ...errors(401, 402, 403, 404) },
      detail: {
        summary:
          'Server-Sent Events, as they happen: `click` (each stored click once: link, time, country, device, browser, OS, referrer host; never an IP or a user agent), `lead` and `sale`; a reader that falls behind is disconnected',
      },
    },
  );
