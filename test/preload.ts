// Quiet logs in tests unless asked for: LOG_LEVEL=debug bun test
process.env.LOG_LEVEL ??= 'silent';
