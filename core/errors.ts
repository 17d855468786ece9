/** A failure with a spec status code; the kernel's error handler turns it into `{error}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A setting a process refuses to start with: its message says what to change, and the entry points print it and exit 1. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);
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

/** PostgreSQL's class 22, data exceptions: a value it cannot store or convert (NUL, bad encoding, a date or number out of range). */
export const isDataException = (error: unknown) => pgErrorCode(error)?.startsWith('22') === true;

/**
 * The answer to a failure the caller caused, whatever layer noticed it: an ApiError as it is, a
 * unique violation as 409, a data exception as 400 (the edge checks the known cases by name; this
 * catches the rest without echoing the database's words). Undefined for our own faults.
 */
export function callerFault(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (isUniqueViolation(error)) return conflict('Already exists');
  if (isDataException(error)) return badRequest('Invalid input: a value the database cannot store (out of range or malformed)');
  return undefined;
}

/** Connection-level failures: the database is unreachable, so the answer is 503 (retry), not 500. */
export function isUnavailable(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P03' || code === '53300')) return true;
  let e: any = error;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause) {
    if (['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ETIMEDOUT'].includes(e.code))
      return true;
  }
  return false;
}
