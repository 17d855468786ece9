import type { Plan } from '../../core/plans';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';

export interface SdkServer {
  t: TestApp;
  /** the instance's address, as an SDK user gives it: the server's SITE_URL, reached by its real Host */
  baseUrl: string;
  /** a new user owning a new workspace on `plan`, through the operator API */
  bootstrap(plan?: Plan): Promise<{ workspaceId: string; key: string; userId: string }>;
}

let counter = 0;

/** A free loopback port (taken and given back: the server that follows binds it). */
function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/**
 * A listening app whose SITE_URL is its own loopback address, so that any client (Node's fetch, which cannot
 * set Host, included) reaches the API as a user reaches an instance: by its address alone.
 */
export async function startSdkServer(): Promise<SdkServer> {
  const port = freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ env: { SITE_URL: baseUrl } });
  await t.listen(port);
  return {
    t,
    baseUrl,
    async bootstrap(plan = 'pro') {
      const res = await fetch(`${baseUrl}/api/admin/bootstrap`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `sdk${counter++}-${Math.random().toString(36).slice(2, 8)}@example.com`, plan }),
      });
      if (res.status !== 201) throw new Error(`bootstrap failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { workspace_id: string; api_key: string; user_id: string };
      return { workspaceId: body.workspace_id, key: body.api_key, userId: body.user_id };
    },
  };
}
