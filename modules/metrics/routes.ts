import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import { sameSecret } from '../../core/secrets';
import { createRegistry } from './collectors';

/** `GET /metrics` on the site host (the kernel keeps it there): Prometheus text; with METRICS_TOKEN, `Authorization: Bearer <token>`. */
export const metricsRoutes = (deps: Deps) => {
  const registry = createRegistry(deps);
  return new Elysia({ name: 'module:metrics', detail: { tags: ['Operations'] } }).get(
    '/metrics',
    async ({ headers }) => {
      const token = deps.config.metricsToken;
      if (token && !sameSecret(/^Bearer\s+(.*)$/i.exec(headers.authorization ?? '')?.[1] ?? '', token))
        throw new ApiError(401, 'Invalid metrics token: send Authorization: Bearer <METRICS_TOKEN>', { headers: { 'WWW-Authenticate': 'Bearer' } });
      return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType } });
    },
    { detail: { summary: 'Prometheus metrics (Bearer METRICS_TOKEN when set)', security: [] } },
  );
};
