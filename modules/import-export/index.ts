// The import-export module's public face: what the kernel needs to bound the import's body before
// routing (the routes themselves come from plugin.ts).

/** The import routes (the spec's, and the streamed one without its 500-row cap), the routes taking a file. */
export const IMPORT_ROUTE = /^\/api\/workspaces\/[^/]+\/import\/links(?:\/stream)?\/?$/;

/**
 * Its body bound: an import takes at most 500 data rows; 8 MB gives each row 16 kB (a long target, title
 * and tags, and a long note), with room for JSON escaping or a multipart envelope. A streamed import
 * takes as many rows as fit (20,000 rows of 400 bytes). Bun.serve's own
 * bound, the largest of all, is this one.
 */
export const IMPORT_BODY_BYTES = 8 * 1024 * 1024;
