import { t } from 'elysia';
import { Int } from '../../core/model';

/** A link's `ab_variants`: each visitor keeps the variant first drawn by weight. */
export const AbVariants = t.Array(
  t.Object(
    {
      name: t.String({ minLength: 1, maxLength: 100, description: 'Unique within the link' }),
      url: t.String({ format: 'uri', description: 'http(s) URL' }),
      weight: Int({ minimum: 1, maximum: 99, description: 'Weights sum to 100' }),
    },
    { additionalProperties: false },
  ),
  { minItems: 2, maxItems: 4, description: 'A/B variants, 2 to 4 (Team or Agency)' },
);
