import { t } from 'elysia';
import { QueryInt } from '../../core/validation';

export const QrQuery = t.Object({
  format: t.Optional(
    t.Union([t.Literal('svg'), t.Literal('png')], { default: 'svg', description: 'svg (default) or png', error: 'format must be svg or png' }),
  ),
  size: t.Optional(QueryInt({ minimum: 100, maximum: 2000, default: 400, description: 'Pixels, 100 to 2000' })),
  fg: t.Optional(
    t.String({ pattern: '^[0-9a-fA-F]{6}$', default: '000000', description: 'Foreground, 6 hex digits without #', error: 'fg must be 6 hex digits without #' }),
  ),
  bg: t.Optional(
    t.String({
      pattern: '^(?:[0-9a-fA-F]{6}|transparent)$',
      default: 'ffffff',
      description: 'Background, 6 hex digits without #, or transparent (SVG only)',
      error: 'bg must be 6 hex digits without #, or transparent',
    }),
  ),
  margin: t.Optional(QueryInt({ minimum: 0, maximum: 8, default: 2, description: 'Quiet zone in modules, 0 to 8' })),
  ec: t.Optional(
    t.Union([t.Literal('L'), t.Literal('M'), t.Literal('Q'), t.Literal('H')], {
      default: 'M',
      description: 'Error correction level',
      error: 'ec must be L, M, Q or H',
    }),
  ),
  download: t.Optional(t.String({ description: '1 or true: answer as an attachment' })),
});
