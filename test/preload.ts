import { setDefaultTimeout } from 'bun:test';

// Quiet logs in tests unless asked for: LOG_LEVEL=debug bun test
process.env.LOG_LEVEL ??= 'silent';
// Production processes need SECRETS_KEY (core/secrets.ts): every app, server, worker and CLI a test starts
// inherits this one, so processes sharing a database open what the others sealed.
process.env.SECRETS_KEY ??= Buffer.from('linkhop-test-secrets-key-32bytes').toString('base64');
// Integration tests start databases, servers and browsers: give tests and hooks room. Bun applies
// this to the first file only, so `npm test` also passes --timeout (package.json).
setDefaultTimeout(60_000);
