import type { LinkhopModule } from '../../core/module';
import { importExportRoutes } from './routes';

/**
 * The import's body bound: an import takes at most 500 data rows; 8 MB gives each row 16 kB (a long
 * target, title and tags, and a long note), with room for JSON escaping or a multipart envelope.
 * Bun.serve's own bound, the largest of all, is this one.
 */
const IMPORT_BODY_BYTES = 8 * 1024 * 1024;

/** CSV import and export of links. */
export const importExportModule: LinkhopModule = {
  name: 'import-export',
  routes: importExportRoutes,
  // the CSV import, the one route taking a file
  bodyLimits: [{ path: /^\/api\/workspaces\/[^/]+\/import\/links\/?$/, maxBytes: IMPORT_BODY_BYTES }],
};
