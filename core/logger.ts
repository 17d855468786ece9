import pino from 'pino';

export type Logger = pino.Logger;

/** Properties in which drivers carry the failing statement and its parameters: the request's input, secrets included. */
const STATEMENT_KEYS = new Set(['query', 'params', 'parameters']);

/**
 * An error as it may be logged: drizzle's DrizzleQueryError says "Failed query: <SQL>\nparams: <values>"
 * in its message and stack and keeps both in `query`/`params` (postgres.js errors may carry
 * `query`/`parameters`); a copy without them, the rest (name, code, cause chain) kept.
 */
function withoutStatement(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const cause = withoutStatement(error.cause, depth + 1);
  const own = Object.entries(error);
  if (cause === error.cause && !own.some(([key]) => STATEMENT_KEYS.has(key))) return error;
  const message = 'query' in error && error.message.startsWith('Failed query') ? 'Failed query (statement and parameters not logged)' : error.message;
  const copy = new Error(message, { cause });
  copy.name = error.name;
  copy.stack = error.stack?.replace(error.message, message);
  for (const [key, value] of own) if (!STATEMENT_KEYS.has(key) && key !== 'cause') (copy as unknown as Record<string, unknown>)[key] = value;
  return copy;
}

/** A credential in a URL's query string (GA4 takes its `api_secret` there only): `?api_secret=…` as errors quote URLs. */
const QUERY_SECRET = /([?&](?:api_secret|access_token|token|secret|password|key)=)[^&#\s"']+/gi;

/** A serialized error with every credential its texts quote in a URL's query string censored (message, stack, `path`, causes). */
function withoutQuerySecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(QUERY_SECRET, '$1[redacted]') as T;
  if (!value || typeof value !== 'object' || depth > 4) return value;
  for (const [key, field] of Object.entries(value)) (value as Record<string, unknown>)[key] = withoutQuerySecrets(field, depth + 1);
  return value;
}

/** Structured JSON logs; API keys, secrets, passwords and SQL statements with their parameters never reach them. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'linkhop' },
    serializers: { err: (error: unknown) => withoutQuerySecrets(pino.stdSerializers.err(withoutStatement(error) as Error)) },
    redact: {
      paths: ['*.headers["x-api-key"]', '*.apiKey', '*.api_key', '*.secret', '*.password', '*.token', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
