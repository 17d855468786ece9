/**
 * @linkhop/sdk: a typed client of a Linkhop instance's REST API, for Node 20+, Bun, Deno and browsers (fetch only).
 * The types are generated from the OpenAPI document the instance serves (`/api/openapi.json`).
 */
export type { components, operations, paths } from './api-schema.js';
export { createLinkhop, type Linkhop, type LinkhopOptions } from './client.js';
export { type ApiErrorCode, type ErrorCode, LinkhopError, retryAfterSeconds } from './errors.js';
export type { PagedRoute, PageItem } from './paginate.js';
export type { RetryOptions } from './retry.js';
export type { ApiAnswer, ApiBody, ApiInit, ApiQuery, Call, Method, Route } from './types.js';
