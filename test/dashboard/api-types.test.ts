import { test } from 'bun:test';
import { API_SCHEMA_FILE, API_TYPES_COMMAND, renderApiTypes, servedDocument } from '../../scripts/api-types';

/** The CI check that the API types of the SDK and the dashboard are the served document's: a changed route or field needs them regenerated. */
test('packages/sdk/src/api-schema.ts (the SDK and the dashboard) is generated from the served OpenAPI document', async () => {
  const expected = await renderApiTypes(await servedDocument());
  const checkedIn = await Bun.file(API_SCHEMA_FILE).text();
  if (checkedIn !== expected) throw new Error(`${API_SCHEMA_FILE} differs from the served /api/openapi.json: run \`${API_TYPES_COMMAND}\` and commit it`);
});
