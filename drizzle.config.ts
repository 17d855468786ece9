import { defineConfig } from 'drizzle-kit';

// One migration history serves both PGlite (embedded) and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/schema.ts',
  out: './drizzle',
});
