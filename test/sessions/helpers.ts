import { expect, setDefaultTimeout } from 'bun:test';
import { startTestApp, type ApiResponse, type TestApp } from '../helpers/app';
import { startSmtpSink, type ReceivedMail } from '../members/smtp-sink';

export type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

// mail round trips (SMTP, BullMQ) and extra apps take seconds on a loaded machine, also under a bare `bun test`
setDefaultTimeout(30_000);

/** A test app whose mail goes to a real SMTP sink (with Redis through a BullMQ mail worker) and whose client IP comes from X-Forwarded-For. */
export async function startSessionsApp(env: Record<string, string> = {}): Promise<{ t: TestApp; sink: Sink; close(): Promise<void> }> {
  const sink = await startSmtpSink();
  const t = await startTestApp({ env: { SMTP_URL: sink.url, TRUST_PROXY: 'true', ...env } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['mail']);
  return {
    t,
    sink,
    async close() {
      await t.close();
      await sink.close();
    },
  };
}

let n = 0;
export const uniqueEmail = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.com`;
/** a fresh client address per call, so the per-IP sign-in limit only bites where a test means it to */
export const freshIp = () => `10.${n % 250}.${Math.floor(Math.random() * 250)}.${++n % 250}`;

/** Mails to `address` once `count` arrived (5 s at most). */
export async function mailsTo(t: TestApp, sink: Sink, address: string, count: number, filter: (m: ReceivedMail) => boolean = () => true) {
  await t.deps.bus.settle();
  if (t.deps.queue.kind === 'memory') await t.deps.queue.idle();
  for (let waited = 0; sink.to(address).filter(filter).length < count && waited < 5000; waited += 25) await Bun.sleep(25);
  return sink.to(address).filter(filter);
}

/** The token of the `#token=` link in a mail's text. */
export function tokenIn(text: string, page: 'sign-in' | 'invite' = 'sign-in'): string {
  const match = text.match(new RegExp(`/app/${page}#token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no /app/${page}#token= link in: ${text}`);
  return match[1]!;
}

export interface Session {
  cookie: string;
  csrf: string;
  userId: string;
  setCookie: string;
}

export const requestLink = (t: TestApp, email: string, ip = freshIp()) =>
  t.api('POST', '/session/sign-in-link', { body: { email }, headers: { 'x-forwarded-for': ip } });

/** The cookie pair (`lh_session=…`) of a Set-Cookie header. */
export const cookiePair = (setCookie: string) => setCookie.split(';', 1)[0]!;

export async function sessionFromToken(t: TestApp, token: string): Promise<Session> {
  const res = await t.api('POST', '/session', { body: { token } });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie')!;
  return { cookie: cookiePair(setCookie), csrf: res.body.csrf_token, userId: res.body.user.id, setCookie };
}

/** A mail carrying a sign-in link (other mails to the address, such as invitations, may arrive in any order with it under BullMQ). */
export const isSignInMail = (mail: ReceivedMail) => mail.text.includes('/app/sign-in#token=');

/** Sign in the way a person does: ask for a link, take it from the mail, use it. */
export async function signIn(t: TestApp, sink: Sink, email: string): Promise<Session> {
  const before = sink.to(email.toLowerCase()).filter(isSignInMail).length;
  expect((await requestLink(t, email)).status).toBe(202);
  const mails = await mailsTo(t, sink, email.toLowerCase(), before + 1, isSignInMail);
  return sessionFromToken(t, tokenIn(mails.at(-1)!.text));
}

/** An API call as the dashboard makes it: the cookie, and the CSRF token unless `csrf` says otherwise. */
export function asSession(t: TestApp, session: Pick<Session, 'cookie' | 'csrf'>) {
  return <T = any>(
    method: string,
    path: string,
    opts: { body?: unknown; csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> => {
    const csrf = opts.csrf === undefined ? session.csrf : opts.csrf;
    return t.api<T>(method, path, {
      body: opts.body,
      headers: { cookie: session.cookie, ...(csrf !== null ? { 'x-csrf-token': csrf } : {}), ...opts.headers },
    });
  };
}
