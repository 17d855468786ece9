import QRCode from 'qrcode';
import { badRequest } from '../../core/errors';

export interface QrOptions {
  format: 'svg' | 'png';
  size: number;
  /** 6 hex digits */
  fg: string;
  /** 6 hex digits or `transparent` (SVG only) */
  bg: string;
  margin: number;
  ec: 'L' | 'M' | 'Q' | 'H';
}

export const QR_CONTENT_TYPE = { svg: 'image/svg+xml', png: 'image/png' } as const;

/** The QR code of `text` as SVG markup or PNG bytes. */
export async function renderQr(text: string, o: QrOptions): Promise<string | Uint8Array<ArrayBuffer>> {
  if (o.bg === 'transparent' && o.format === 'png') throw badRequest('bg=transparent is only available with format=svg', { field: 'bg' });
  const options = {
    errorCorrectionLevel: o.ec,
    margin: o.margin,
    width: o.size,
    color: { dark: `#${o.fg}ff`, light: o.bg === 'transparent' ? '#00000000' : `#${o.bg}ff` },
  };
  if (o.format === 'svg') return QRCode.toString(text, { ...options, type: 'svg' });
  return new Uint8Array(await QRCode.toBuffer(text, { ...options, type: 'png' }));
}
