import { t } from 'elysia';

/** Schemas every module shares; they are validation and OpenAPI at once. */
export const ErrorBody = t.Object({ error: t.String() }, { description: 'Every error answer' });
export const OkBody = t.Object({ ok: t.Literal(true) });
export const WsParams = t.Object({ wsId: t.String({ description: 'Workspace ID' }) });
export const PageQuery = {
  page: t.Optional(t.Numeric({ minimum: 1, default: 1, description: 'Page number, from 1' })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100' })),
};
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

/** Standard error responses, for the OpenAPI document. */
export const errors = (...codes: (400 | 401 | 402 | 403 | 404 | 409 | 410 | 415 | 429 | 502 | 503)[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorBody])) as Record<number, typeof ErrorBody>;
