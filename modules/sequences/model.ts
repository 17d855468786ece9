import { t } from 'elysia';

/** A link's `sequence`: visit n of a visitor goes to URL n. */
export const Sequence = t.Object(
  {
    urls: t.Array(
      t.Object(
        { url: t.String({ format: 'uri', description: 'http(s) URL' }), title: t.Optional(t.String({ maxLength: 200 })) },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 50 },
    ),
    loop: t.Optional(t.Boolean({ description: 'After the last URL, start again at the first (default false: stay on the last)' })),
  },
  { additionalProperties: false, description: 'Sequence of URLs (Pro+)' },
);
