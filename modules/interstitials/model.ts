import { t } from 'elysia';
import { Int } from '../../core/model';

const Color = t.String({ pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: 'Hex colour, #rgb or #rrggbb' });

/** A link's `interstitial`: a page shown before the redirect. */
export const Interstitial = t.Object(
  {
    title: t.String({ minLength: 1, maxLength: 200 }),
    body: t.Optional(t.String({ maxLength: 500 })),
    cta_text: t.Optional(t.String({ maxLength: 50, default: 'Continue' })),
    delay: t.Optional(Int({ minimum: 1, maximum: 30, default: 5, description: 'Seconds before the automatic redirect' })),
    show_once: t.Optional(t.Boolean({ default: true, description: 'Once per visitor (cookie)' })),
    style: t.Optional(t.Object({ bg_color: t.Optional(Color), text_color: t.Optional(Color), button_color: t.Optional(Color) }, { additionalProperties: false })),
  },
  { additionalProperties: false, description: 'Interstitial page (Pro+)' },
);
