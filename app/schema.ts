// Barrel of every module's tables: drizzle-kit reads it, and db.ts types queries with it.
export * from '../modules/workspaces/schema';
export * from '../modules/members/schema';
export * from '../modules/invites/schema';
export * from '../modules/api-keys/schema';
export * from '../modules/audit/schema';
export * from '../modules/domains/schema';
export * from '../modules/links/schema';
export * from '../modules/clicks/schema';
export * from '../modules/conversions/schema';
export * from '../modules/tags/schema';
export * from '../modules/templates/schema';
export * from '../modules/webhooks/schema';
export * from '../modules/monitoring/schema';
export * from '../modules/portfolios/schema';
export * from '../modules/sessions/schema';
export { pluginState } from './plugin-store';
export * from '../modules/sso/schema';
export * from '../modules/oauth/schema';
