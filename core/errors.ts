/**
 * The machine codes of error answers (`{error, field?, code}`): stable, for programs and the
 * dashboard; `error` stays the human message. Documented in the OpenAPI document's error schema.
 */
export const ERROR_CODES = {
  invalid: 'a value is malformed, out of range or not allowed',
  required: 'a required value is missing or empty',
  too_long: 'a text or list is longer than allowed',
  taken: 'the value (a slug, a name, a domain) is already in use',
  conflict: 'the request conflicts with the current state',
  unauthenticated: 'no credential, or one that is invalid or has ended',
  forbidden: 'the caller may not do this (role, CSRF token, origin)',
  not_found: 'no such resource, or not visible to the caller',
  method_not_allowed: 'the path exists, with other methods (see Allow)',
  plan_required: "the workspace's plan does not include this",
  limit_reached: "the workspace's plan allows no more of this resource",
  gone: 'the link or invite has been used or has expired',
  too_large: 'the request body is too large',
  unsupported_media_type: 'the body is not sent as the route expects',
  rate_limited: 'too many requests; retry after Retry-After seconds',
  upstream_failed: 'a service this one depends on failed (e.g. DNS)',
  internal: 'our fault; the message carries the request id',
  unavailable: 'the database is unavailable; retry',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The code an answer of this status carries when its thrower names none. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
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
export const codeOfStatus = (status: number): ErrorCode => CODE_OF_STATUS[status] ?? 'internal';

/**
 * What an error answer says besides its message. `field`: the request field at fault as the API
 * names it, nested parts and array indexes joined by `.` (`rules.2.action.url`, `config.utm_source`).
 */
export interface ErrorDetail {
  field?: string;
  code?: ErrorCode;
  headers?: Record<string, string>;
}

/** The JSON body of an error answer: `{error, field?, code}`. */
export interface ErrorAnswer {
  error: string;
  field?: string;
  code: ErrorCode;
}

/** A failure with its HTTP status code; the kernel's error handler turns it into `{error, field?, code}`. */
export class ApiError extends Error {
  readonly field?: string;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(
    readonly status: number,
    message: string,
    detail: ErrorDetail = {},
  ) {
    super(message);
    this.name = 'ApiError';
    // messages may name an item as JavaScript does (`rules[2].action.url`); `field` is always dotted
    this.field = detail.field?.replace(/\[(\d+)\]/g, '.$1');
    this.code = detail.code ?? codeOfStatus(status);
    this.headers = detail.headers ?? {};
  }

  /** The answer's body. */
  answer(): ErrorAnswer {
    return this.field === undefined ? { error: this.message, code: this.code } : { error: this.message, field: this.field, code: this.code };
  }
}

/** A setting a process refuses to start with: its message says what to change, and the entry points print it and exit 1. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const badRequest = (message: string, detail?: ErrorDetail) => new ApiError(400, message, detail);
/** 400 for one field, in the house form `Invalid <field>: <problem>`. */
export const invalid = (field: string, problem: string, code: ErrorCode = 'invalid') => badRequest(`Invalid ${field}: ${problem}`, { field, code });
/** 400: `<field> is required`. */
export const required = (field: string) => badRequest(`${field} is required`, { field, code: 'required' });
/** 400: a text longer than `max` characters. */
export const tooLong = (field: string, max: number) => invalid(field, `at most ${max} characters`, 'too_long');
/** `error` about a part of `prefix` (`config` + `title` → `config.title`; no field → `prefix`), with `message` instead of its own. */
export const nested = (error: ApiError, prefix: string, message = error.message) =>
  new ApiError(error.status, message, { field: error.field === undefined ? prefix : `${prefix}.${error.field}`, code: error.code, headers: error.headers });
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string, detail?: ErrorDetail) => new ApiError(409, message, detail);
/** 409: `field`'s value is already in use. */
export const taken = (field: string, message: string) => conflict(message, { field, code: 'taken' });
export const paymentRequired = (message: string) => new ApiError(402, message);
export const forbidden = (message: string) => new ApiError(403, message);

/** Postgres error code of a driver error (postgres.js puts it on the error, drizzle wraps it in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let e: any = error;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/**
 * The column a unique violation is about: the last of its key (`Key (domain, slug)=(…)`: the columns
 * before it scope the uniqueness, the last is the one a caller chose). Our columns are named as the
 * API names its fields. postgres.js and PGlite both carry the server's `detail`.
 */
function uniqueColumn(error: unknown): string | undefined {
  let e: any = error;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause) {
    const key = typeof e.detail === 'string' ? /^Key \(([^)]*)\)=/.exec(e.detail)?.[1] : undefined;
    if (key) return key.split(',').at(-1)!.trim().replace(/^"|"$/g, '');
  }
  return undefined;
}

/** PostgreSQL's class 22, data exceptions: a value it cannot store or convert (NUL, bad encoding, a date or number out of range). */
export const isDataException = (error: unknown) => pgErrorCode(error)?.startsWith('22') === true;

/**
 * The answer to a failure the caller caused, whatever layer noticed it: an ApiError as it is, a
 * unique violation as 409, a data exception as 400 (the edge checks the known cases by name; this
 * catches the rest without echoing the database's words). Undefined for our own faults.
 */
export function callerFault(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (isUniqueViolation(error)) {
    const field = uniqueColumn(error);
    return field ? taken(field, 'Already exists') : conflict('Already exists');
  }
  if (isDataException(error)) return badRequest('Invalid input: a value the database cannot store (out of range or malformed)');
  return undefined;
}

/**
 * A statement or transaction that failed for a reason a new try may not meet: serialization
 * failures and deadlocks, a transaction PostgreSQL rolled back at COMMIT (core/db's
 * NotCommittedError, 40000), and a named statement the server connection does not have (26000)
 * or whose cached plan a schema change made stale (0A000 from RevalidateCachedQuery). 503, never
 * a success: the request's writes were not stored.
 */
export function isRetryable(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code === '40000' || code === '40001' || code === '40P01' || code === '26000') return true;
  return code === '0A000' && (error as { routine?: unknown }).routine === 'RevalidateCachedQuery';
}

/**
 * Connection-level failures: the database is unreachable, so the answer is 503 (retry), not 500.
 * A write refused as read-only (25006) is one too: during a failover the connection reached a
 * replica that is not promoted yet (multi-host DATABASE_URL), and the write succeeds once it is.
 */
export function isUnavailable(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P03' || code === '53300' || code === '25006')) return true;
  let e: any = error;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause) {
    if (['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ETIMEDOUT'].includes(e.code))
      return true;
  }
  return false;
}
