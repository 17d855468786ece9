import { setDefaultTimeout } from 'bun:test';

// Quiet logs in tests unless asked for: LOG_LEVEL=debug bun test
process.env.LOG_LEVEL ??= 'silent';
// Integration tests start databases, servers and browsers: give tests and hooks room. Bun applies
// this to the first file only, so `npm test` also passes --timeout (package.json).
setDefaultTimeout(60_000);
