import { t } from 'elysia';
import { Int } from '../../core/model';
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
  logo: t.Optional(
    t.String({
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      description:
        'A logo drawn in the middle: `workspace` for the workspace logo, or a logo ID from POST …/qr/logos. Error correction is H whatever `ec` says',
      error: 'logo must be workspace or a logo ID',
    }),
  ),
});

export const LogoParams = t.Object({ wsId: t.String({ description: 'Workspace ID' }), logoId: t.String({ description: 'Logo ID' }) });

export const QrLogo = t.Object({
  id: t.String(),
  content_type: t.Union([t.Literal('image/png'), t.Literal('image/jpeg')]),
  width: Int({ description: 'Pixels' }),
  height: Int({ description: 'Pixels' }),
  bytes: Int({ description: 'File size' }),
  workspace_logo: t.Boolean({ description: 'The logo `logo=workspace` draws' }),
  created_at: t.String(),
});
export const QrLogoList = t.Object({ logos: t.Array(QrLogo) });

export const UploadLogoQuery = t.Object({
  workspace_logo: t.Optional(t.Boolean({ description: 'true: make it the workspace logo as well', error: 'workspace_logo must be true or false' })),
});

export const PatchLogoBody = t.Object({
  workspace_logo: t.Boolean({
    description: 'true: this is the workspace logo (the previous one stops being it); false: it is not',
    error: 'workspace_logo must be true or false',
  }),
});
