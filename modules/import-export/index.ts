// The import-export module's public face: what the kernel needs to bound the import's body before
// routing (the routes themselves come from plugin.ts).

/** The CSV import route, the one route taking a file. */
export const IMPORT_ROUTE = /^\/api\/workspaces\/[^/]+\/import\/links\/?$/;

/**
 * Its body bound: an import takes at most 500 data rows; 8 MB gives each row 16 kB (a long target, title
 * and tags, and a long note), with room for JSON escaping or a multipart envelope. Bun.serve's own
 * bound, the largest of all, is this one.
 */
export const IMPORT_BODY_BYTES = 8 * 1024 * 1024;
