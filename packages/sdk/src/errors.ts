import type { operations } from './api-schema.js';

/** The stable machine codes of the API's error answers, as the served document lists them. */
export type ApiErrorCode = operations['getApiWorkspaces']['responses'][401]['content']['application/json']['code'];
/** An API code, or `network_error`: no answer came (the server could not be reached). */
export type ErrorCode = ApiErrorCode | 'network_error';

/** The code an answer of this status carries when its body names none (a proxy's HTML page, an empty body). */
const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid',
  401: 'unauthenticated',
  402: 'plan_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  502: 'upstream_failed',
  503: 'unavailable',
};

/**
 * A failed API call: the HTTP status and the API's `{error, field?, code}` answer. `field` is the request
 * field at fault as the API names it (`slug`, `routing.rules.2.url`, `from`): forms place the message by it.
 * Branch on `code`, never on the words of `message`. `retryAfter`: the seconds the server asked to wait (429, 503).
 * `status` is 0 when no answer came (`code` `network_error`; the fetch failure is the `cause`).
 */
export class LinkhopError extends Error {
  readonly field?: string;
  readonly code: ErrorCode;
  readonly retryAfter?: number;
  constructor(
    readonly status: number,
    message: string,
    more: { field?: string; code?: ErrorCode; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, more.cause === undefined ? undefined : { cause: more.cause });
    this.name = 'LinkhopError';
    this.code = more.code ?? (status === 0 ? 'network_error' : (CODE_OF_STATUS[status] ?? 'internal'));
    if (more.field !== undefined) this.field = more.field;
    if (more.retryAfter !== undefined) this.retryAfter = more.retryAfter;
  }

  /** Whether the refusal is about `field` or a part of it (`events` for `events.2`). */
  isAbout(field: string): boolean {
    return this.field === field || Boolean(this.field?.startsWith(`${field}.`));
  }
}

/** The error of a failed answer, from its parsed body (openapi-fetch hands the text when it is not JSON). */
export function errorOfAnswer(response: Response, body: unknown): LinkhopError {
  const answer = (body && typeof body === 'object' ? body : {}) as { error?: unknown; field?: unknown; code?: unknown };
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  return new LinkhopError(response.status, typeof answer.error === 'string' ? answer.error : `Request failed (${response.status})`, {
    field: typeof answer.field === 'string' ? answer.field : undefined,
    code: typeof answer.code === 'string' ? (answer.code as ApiErrorCode) : undefined,
    retryAfter: retryAfter === undefined ? undefined : Math.ceil(retryAfter),
  });
}

/**
 * `Retry-After` (RFC 9110 §10.2.3) in seconds from `now`: delay-seconds, or an HTTP date (a date in the past is 0).
 * Undefined when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // an HTTP date names its month (IMF-fixdate, RFC 850, asctime); Date.parse alone takes `-5` or `1.5` for years
  if (!/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b/i.test(value)) return undefined;
  // every HTTP date is in GMT; asctime's form does not say so, and Date.parse would read it as local time
  const at = Date.parse(/\bGMT$/i.test(value) ? value : `${value} GMT`);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}
