/**
 * The API types of the SDK (packages/sdk) and of the dashboard, which uses the SDK: one file, generated from the
 * OpenAPI document the app serves. `npm run api:types` writes it to packages/sdk/src/api-schema.ts;
 * test/dashboard/api-types.test.ts fails when that file and the served document differ, so a route or field
 * renamed on the server fails `tsc` in the SDK, the dashboard and the SDK's users.
 */
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { SITE_URL, startTestApp } from '../test/helpers/app';

export const API_SCHEMA_FILE = new URL('../packages/sdk/src/api-schema.ts', import.meta.url).pathname;
export const API_TYPES_COMMAND = 'npm run api:types';

const HEADER = `/** Generated from the served /api/openapi.json by \`${API_TYPES_COMMAND}\`: do not edit by hand. */\n\n`;

/** The document as an app of the default build serves it (embedded database, no plugins). */
export async function servedDocument(): Promise<OpenAPI3> {
  const app = await startTestApp({ redis: false });
  try {
    return await (await app.app.handle(new Request(`${SITE_URL}/api/openapi.json`))).json();
  } finally {
    await app.close();
  }
}

/** The TypeScript text of `document`'s paths, operations and schemas. */
export async function renderApiTypes(document: OpenAPI3): Promise<string> {
  return HEADER + astToString(await openapiTS(document));
}

if (import.meta.main) {
  await Bun.write(API_SCHEMA_FILE, await renderApiTypes(await servedDocument()));
  console.log(`wrote ${API_SCHEMA_FILE}`);
  process.exit(0);
}
