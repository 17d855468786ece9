import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; API keys, secrets and passwords never reach them. `destination`: stdout unless given (tests read the logs). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'linkhop' },
      redact: {
        paths: ['*.headers["x-api-key"]', '*.apiKey', '*.api_key', '*.secret', '*.password', '*.token', 'headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
