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

/** Structured JSON logs; API keys, secrets, passwords and SQL statements with their parameters never reach them. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'linkhop' },
    serializers: { err: (error: unknown) => pino.stdSerializers.err(withoutStatement(error) as Error) },
    redact: {
      paths: ['*.headers["x-api-key"]', '*.apiKey', '*.api_key', '*.secret', '*.password', '*.token', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
