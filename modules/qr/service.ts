/// <reference path="./qrcode-renderers.d.ts" />
import QRCode, { type QRCode as QrMatrix, type QRCodeRenderersOptions } from 'qrcode';
import { render as renderPngImage } from 'qrcode/lib/renderer/png.js';
import { render as renderSvgTag } from 'qrcode/lib/renderer/svg-tag.js';
import { PNG } from 'pngjs';
import { badRequest } from '../../core/errors';
import { decodeLogo, type LogoType, type Rgba } from './logo-image';

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

/** A stored logo as the renderer needs it. */
export interface QrLogo {
  type: LogoType;
  bytes: Uint8Array;
}

export const QR_CONTENT_TYPE = { svg: 'image/svg+xml', png: 'image/png' } as const;

/**
 * The share of the code's modules a logo may hide. Level H restores 30 % of the codewords; a square
 * in the middle touches fewer of them than its area (codewords wind through the matrix), and a fifth
 * leaves room for a smudge or a shadow besides. The tests scan codes at this share.
 */
export const LOGO_AREA_SHARE = 0.2;

/** Modules of the matrix kept around the logo's square on each side: finders, timing and format information. */
const KEEP_CLEAR_OF_EDGE = 9;

/** The logo's square in modules, from the matrix's top left: centred, as large as LOGO_AREA_SHARE allows. */
export function logoSquare(modules: number): { start: number; side: number } {
  let side = Math.floor(modules * Math.sqrt(LOGO_AREA_SHARE));
  side = Math.min(side, modules - 2 * KEEP_CLEAR_OF_EDGE);
  // the same parity as the (odd) matrix keeps the square on the module grid and centred
  if (side % 2 !== modules % 2) side -= 1;
  return { start: (modules - side) / 2, side };
}

/** Clears the modules under the logo's square: no half-hidden module for a reader to guess at. */
function clearSquare(qr: QrMatrix, square: { start: number; side: number }) {
  const n = qr.modules.size;
  for (let row = square.start; row < square.start + square.side; row++) qr.modules.data.fill(0, row * n + square.start, row * n + square.start + square.side);
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/**
 * The logo over the cleared square as an <image> with a data: URI (self-contained: the SVG is
 * downloaded and used offline). Only a PNG or JPEG checked on upload gets here, and an image
 * element never runs scripts, whatever its bytes say.
 */
function svgWithLogo(svg: string, logo: QrLogo, square: { start: number; side: number }, margin: number): string {
  // a module's width of padding keeps the logo off the modules around it
  const at = square.start + margin + 1;
  const side = square.side - 2;
  const image = `<image x="${at}" y="${at}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet" href="data:${logo.type};base64,${base64(logo.bytes)}"/>`;
  return svg.replace(/<\/svg>\s*$/, `${image}</svg>\n`);
}

/**
 * `logo` scaled to fit `box` (aspect kept, centred) and blended over `png`'s pixels. Downscaling
 * averages every source pixel under a target pixel (alpha-weighted), so a large logo stays smooth.
 */
function drawLogo(png: { width: number; data: Uint8Array }, logo: Rgba, box: { x: number; y: number; side: number }) {
  const scale = Math.min(box.side / logo.width, box.side / logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const left = box.x + Math.floor((box.side - width) / 2);
  const top = box.y + Math.floor((box.side - height) / 2);
  for (let y = 0; y < height; y++) {
    const sy0 = Math.floor((y * logo.height) / height);
    const sy1 = Math.max(sy0 + 1, Math.floor(((y + 1) * logo.height) / height));
    for (let x = 0; x < width; x++) {
      const sx0 = Math.floor((x * logo.width) / width);
      const sx1 = Math.max(sx0 + 1, Math.floor(((x + 1) * logo.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const i = (sy * logo.width + sx) * 4;
          const alpha = logo.data[i + 3]!;
          r += logo.data[i]! * alpha;
          g += logo.data[i + 1]! * alpha;
          b += logo.data[i + 2]! * alpha;
          a += alpha;
        }
      }
      if (a === 0) continue;
      const coverage = a / ((sy1 - sy0) * (sx1 - sx0) * 255);
      const o = ((top + y) * png.width + left + x) * 4;
      png.data[o] = Math.round((r / a) * coverage + png.data[o]! * (1 - coverage));
      png.data[o + 1] = Math.round((g / a) * coverage + png.data[o + 1]! * (1 - coverage));
      png.data[o + 2] = Math.round((b / a) * coverage + png.data[o + 2]! * (1 - coverage));
    }
  }
}

/** The PNG with the logo drawn over the cleared square, in pixels as qrcode's renderer scales modules. */
function pngWithLogo(qr: QrMatrix, options: QRCodeRenderersOptions, logo: QrLogo, square: { start: number; side: number }, margin: number) {
  const png = renderPngImage(qr, options);
  const scale = png.width / (qr.modules.size + 2 * margin);
  const x = Math.ceil((square.start + margin + 1) * scale);
  const end = Math.floor((square.start + margin + square.side - 1) * scale);
  drawLogo(png, decodeLogo(logo.type, logo.bytes), { x, y: x, side: end - x });
  return new Uint8Array(PNG.sync.write(png as unknown as PNG));
}

/**
 * The QR code of `text` as SVG markup or PNG bytes. With a logo, error correction is H whatever was
 * asked: the logo hides modules, which only H's redundancy makes up for.
 */
export async function renderQr(text: string, o: QrOptions, logo?: QrLogo): Promise<string | Uint8Array<ArrayBuffer>> {
  if (o.bg === 'transparent' && o.format === 'png') throw badRequest('bg=transparent is only available with format=svg', { field: 'bg' });
  const options = {
    errorCorrectionLevel: logo ? 'H' : o.ec,
    margin: o.margin,
    width: o.size,
    color: { dark: `#${o.fg}ff`, light: o.bg === 'transparent' ? '#00000000' : `#${o.bg}ff` },
  } as const;
  if (!logo) {
    if (o.format === 'svg') return QRCode.toString(text, { ...options, type: 'svg' });
    return new Uint8Array(await QRCode.toBuffer(text, { ...options, type: 'png' }));
  }
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const square = logoSquare(qr.modules.size);
  clearSquare(qr, square);
  if (o.format === 'svg') return svgWithLogo(renderSvgTag(qr, options), logo, square, o.margin);
  return pngWithLogo(qr, options, logo, square, o.margin) as Uint8Array<ArrayBuffer>;
}
