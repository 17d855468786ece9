import { t } from 'elysia';
import { Int } from '../../core/model';

const Timestamp = (description: string) => t.String({ format: 'date-time', description });

export const LinkHealthParams = t.Object({ wsId: t.String({ description: 'Workspace ID' }), linkId: t.String({ description: 'Link ID' }) });

export const LinkHealth = t.Object({
  monitoring: t.Boolean({ description: 'Whether the link is monitored (its `monitoring` field)' }),
  state: t.Union([t.Literal('ok'), t.Literal('broken'), t.Null()], { description: 'Last known state; null before the first check' }),
  last_status: t.Union([Int(), t.Null()], { description: 'HTTP status of the last answer the target gave' }),
  checked_at: t.Union([Timestamp('Time of the last check'), t.Null()]),
  events: t.Array(
    t.Object({
      type: t.Union([t.Literal('link.broken'), t.Literal('link.recovered')]),
      at: Timestamp('When the check saw the change'),
      status: Int({ description: 'HTTP status of the answer that changed the state' }),
    }),
    { description: 'State changes, newest first (at most 50), as announced by the `link.broken` / `link.recovered` webhooks' },
  ),
});
