import { t } from 'elysia';
import { Int } from '../../core/model';

const Color = t.String({ pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: 'Hex colour, #rgb or #rrggbb' });

/**
 * A link's `interstitial`: a page shown before the redirect. Defaults are in the descriptions, not
 * `default` keywords: generators (openapi-typescript) make a field with a default required.
 */
export const Interstitial = t.Object(
  {
    title: t.String({ minLength: 1, maxLength: 200 }),
    body: t.Optional(t.String({ maxLength: 500 })),
    cta_text: t.Optional(t.String({ maxLength: 50, description: 'Default "Continue"' })),
    delay: t.Optional(Int({ minimum: 1, maximum: 30, description: 'Seconds before the automatic redirect (default 5)' })),
    show_once: t.Optional(t.Boolean({ description: 'Once per visitor, by cookie (default true)' })),
    style: t.Optional(
      t.Object({ bg_color: t.Optional(Color), text_color: t.Optional(Color), button_color: t.Optional(Color) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false, description: 'Interstitial page (Pro+)' },
);
