import { ApiError } from '../../core/errors';
import type { LinkSnapshot, RedirectResolve, Visitor } from '../../core/hooks';
import type { Plan } from '../../core/plans';
import type { ApiResponse, TestApp } from './app';

/** User-Agents of the visitors the smart-routing tests send. */
export const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

/** A visitor for stage unit tests (the facts the redirect module derives from a request). */
export function fakeVisitor(facts: Partial<Omit<Visitor, 'query' | 'cookies'>> & { query?: string; cookies?: Record<string, string> } = {}): Visitor {
  const { query = '', cookies = {}, ...rest } = facts;
  return {
    ip: '203.0.113.9',
    country: '',
    continent: '',
    device: 'desktop',
    os: '',
    browser: '',
    language: '',
    referrer: '',
    userAgent: '',
    isBot: false,
    isSocialBot: false,
    query: new URLSearchParams(query),
    cookies,
    ...rest,
  };
}

export function fakeLink(fields: Partial<LinkSnapshot> = {}): LinkSnapshot {
  return {
    id: '0190aaaa-0000-7000-8000-000000000001',
    workspace_id: 'ws',
    domain: 'go.linkhop.test',
    slug: 'abc',
    target: 'https://default.example/',
    title: null,
    redirect_type: 302,
    expires_at: null,
    fallback_url: null,
    utm_params: null,
    routing_rules: null,
    rules: null,
    ab_variants: null,
    interstitial: null,
    sequence: null,
    deep_link: null,
    og_title: null,
    og_description: null,
    og_image: null,
    has_password: false,
    track_conversions: false,
    click_count: 0,
    workspace: { id: 'ws', plan: 'team', expired_page_url: null, retargeting_scripts: null, ga_id: null, fb_pixel_id: null },
    ...fields,
  };
}

export function fakeContext(link: LinkSnapshot, visitor: Visitor = fakeVisitor()): RedirectResolve {
  return { link, visitor, target: link.target, routed: false, setCookies: [] };
}

/**
 * Links are created through the API, whose create rate limit is 30 per 10 s per workspace:
 * a pool hands out a fresh workspace of a plan every 25 creates.
 */
export function workspacePool(t: TestApp) {
  const current = new Map<Plan, { workspaceId: string; key: string; uses: number }>();
  async function workspace(plan: Plan) {
    let ws = current.get(plan);
    if (!ws || ws.uses >= 25) {
      const boot = await t.bootstrap({ plan });
      ws = { workspaceId: boot.workspaceId, key: boot.key, uses: 0 };
      current.set(plan, ws);
    }
    ws.uses++;
    return ws;
  }
  return {
    workspace,
    /** POST a link in a workspace of `plan` */
    async create(plan: Plan, body: Record<string, unknown>): Promise<ApiResponse & { ws: { workspaceId: string; key: string } }> {
      const ws = await workspace(plan);
      const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://default.example/', ...body } });
      return { ...res, ws };
    },
  };
}

/** The Set-Cookie values of a response as `name=value` pairs. */
export function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of res.headers.getSetCookie()) {
    const pair = header.split(';', 1)[0]!;
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq)] = decodeURIComponent(pair.slice(eq + 1));
  }
  return out;
}

/** A visitor with a cookie jar: each visit sends what earlier answers set. */
export function browserVisitor(t: TestApp, userAgent = UA.desktop, headers: Record<string, string> = {}) {
  const jar: Record<string, string> = {};
  return {
    jar,
    async visit(path: string, init: RequestInit & { host?: string } = {}) {
      const cookie = Object.entries(jar)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
      const res = await t.request(path, {
        ...init,
        headers: { 'user-agent': userAgent, ...headers, ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
      });
      Object.assign(jar, cookiesOf(res));
      return res;
    },
  };
}

export const pathOf = (link: { slug: string }) => `/${link.slug}`;

/** The 400 message a link-field validator gives for `value` (fails the test if it accepts it or throws otherwise). */
export function validationFailure(check: (value: unknown) => unknown, value: unknown): string {
  try {
    check(value);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error('accepted');
}
