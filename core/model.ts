import { Kind, Type, type IntegerOptions, type Static, type TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import { ERROR_CODES } from './errors';
import { QueryInt } from './validation';

/** An integer in a JSON body or response: a JSON number (Elysia's `t.Integer` also takes numeric strings, and documents them). */
export const Int = (options?: IntegerOptions) => Type.Integer(options);

/** `schema` with the example Swagger UI offers for it (its own sample, "string" in every field, would be refused). */
export const withExample = <T extends TSchema>(schema: T, example: Static<T>): T => ({ ...schema, example });

/** Schemas the OpenAPI document carries as named components (`#/components/schemas/<name>`). */
export const documentedSchemas = new Map<string, TSchema>();

/**
 * A JSON field whose shape the owning module's service checks, so that single, bulk, import and
 * MCP writes get the same checks and messages: the OpenAPI document shows `schema` in full, as the
 * component `name`, while request validation hands any value on to the service. A reference, not
 * the schema inline: Elysia reshapes bodies and answers to their schema (an inline one would turn
 * `"x"` into `[{}]` and drop unknown keys before the service could refuse them).
 */
export const CheckedByService = <T extends TSchema>(name: string, schema: T) => {
  documentedSchemas.set(name, schema);
  return Type.Unsafe<Static<T>>({ [Kind]: 'Unknown', $ref: `#/components/schemas/${name}` });
};

/** Schemas every module shares; they are validation and OpenAPI at once. */
export const ErrorBody = t.Object(
  {
    error: t.String({ description: 'What went wrong, for people' }),
    field: t.Optional(
      t.String({
        description:
          'The request field at fault as the API names it, nested parts and array indexes joined by "." (slug, rules.2.action.url, config.utm_source); absent when no single field is',
      }),
    ),
    // the enum documents; TypeBox's string does not check it (the error handler writes the answers, not handlers)
    code: t.String({
      enum: Object.keys(ERROR_CODES),
      description: `A stable machine code: ${Object.entries(ERROR_CODES)
        .map(([code, meaning]) => `${code} (${meaning})`)
        .join('; ')}`,
    }),
  },
  { description: 'Every error answer' },
);
export const OkBody = t.Object({ ok: t.Literal(true) });
export const WsParams = t.Object({ wsId: t.String({ description: 'Workspace ID' }) });
export const PageQuery = {
  page: t.Optional(QueryInt({ minimum: 1, default: 1, description: 'Page number, from 1' })),
  limit: t.Optional(QueryInt({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100' })),
};
/** A page query with its defaults (page 1, 20 a page, at most `max`) and the rows before the page. */
export function pageWindow(q: { page?: number; limit?: number }, max = 100) {
  const page = q.page ?? 1;
  const limit = Math.min(q.limit ?? 20, max);
  return { page, limit, offset: (page - 1) * limit };
}
export const Role = t.Union([t.Literal('owner'), t.Literal('admin'), t.Literal('editor'), t.Literal('viewer')]);
export const Plan = t.Union([t.Literal('free'), t.Literal('pro'), t.Literal('team'), t.Literal('agency')]);
export const UtmParams = t.Object(
  {
    source: t.Optional(t.String({ maxLength: 500 })),
    medium: t.Optional(t.String({ maxLength: 500 })),
    campaign: t.Optional(t.String({ maxLength: 500 })),
    term: t.Optional(t.String({ maxLength: 500 })),
    content: t.Optional(t.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

/**
 * Standard error responses, for the OpenAPI document. Every operation may also answer 500 (an
 * internal error, with its request id) and 503 (the database unavailable, retry).
 */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502;
export const errors = (...codes: ErrorStatus[]) => Object.fromEntries([...codes, 500, 503].map((c) => [c, ErrorBody])) as Record<number, typeof ErrorBody>;
