import type { LinkhopModule } from '../../core/module';
import { importExportRoutes } from './routes';

/**
 * The import's body bound: an import takes at most 500 data rows; 8 MB gives each row 16 kB (a long
 * target, title and tags, and a long note), with room for JSON escaping or a multipart envelope.
 * A streamed import takes as many rows as fit (20,000 rows of 400 bytes). Bun.serve's own bound, the
 * largest of all, is this one.
 */
const IMPORT_BODY_BYTES = 8 * 1024 * 1024;

/** Import of links from other tools' exports (streamed or in one request), and their export (CSV, JSON lines). */
export const importExportModule: LinkhopModule = {
  name: 'import-export',
  routes: importExportRoutes,
  // the import routes (the spec's, and the streamed one without its 500-row cap): the routes taking a file
  bodyLimits: [{ path: /^\/api\/workspaces\/[^/]+\/import\/links(?:\/stream)?\/?$/, maxBytes: IMPORT_BODY_BYTES }],
};
