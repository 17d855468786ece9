import { fileTypeFromBuffer } from 'file-type';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { ApiError, invalid } from '../../core/errors';

/** A logo file's bound: ample for a logo (a 1024 px PNG logo weighs tens of kB), small beside the 1 MB request bound. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Its pixel bound on each side: the logo covers at most ~45 % of a 2000 px code, so more is never shown. */
export const LOGO_MAX_SIDE = 1024;
/** Smaller than this is a pixel, not a logo. */
export const LOGO_MIN_SIDE = 16;

export type LogoType = 'image/png' | 'image/jpeg';

/** Decoded pixels, 8-bit RGBA, row by row. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

const FIELD = 'file';

/**
 * The pixel size a PNG declares in its IHDR chunk, read before decoding: a small file may declare
 * 100 000 × 100 000 pixels (a decompression bomb), which the decoder would try to allocate.
 */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  // signature (8), IHDR length (4), "IHDR" (4), width (4), height (4)
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') throw invalid(FIELD, 'the PNG has no header (IHDR)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function checkSize(width: number, height: number) {
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE)
    throw invalid(FIELD, `the image is ${width} × ${height} pixels; at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE}`);
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE)
    throw invalid(FIELD, `the image is ${width} × ${height} pixels; at least ${LOGO_MIN_SIDE} × ${LOGO_MIN_SIDE}`);
}

function decodePng(bytes: Uint8Array): Rgba {
  const { width, height } = pngSize(bytes);
  checkSize(width, height);
  const image = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

function decodeJpeg(bytes: Uint8Array): Rgba {
  // jpeg-js checks the frame's declared size before allocating; our own bound follows on the result
  const image = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: (LOGO_MAX_SIDE * LOGO_MAX_SIDE) / 1e6,
    maxMemoryUsageInMB: 64,
  });
  checkSize(image.width, image.height);
  return image;
}

/**
 * A logo file checked and decoded: its type from its bytes (never from a name or a header), PNG or
 * JPEG only. SVG is refused: it is a document that may carry scripts, not a picture. Bytes and
 * pixels are bounded, and the whole image is decoded, so a truncated or forged file is refused here
 * rather than when a QR code is drawn.
 */
export async function readLogo(bytes: Uint8Array): Promise<{ type: LogoType; image: Rgba }> {
  if (bytes.byteLength === 0) throw invalid(FIELD, 'the file is empty');
  if (bytes.byteLength > LOGO_MAX_BYTES)
    throw invalid(FIELD, `the file is ${bytes.byteLength} bytes; at most ${LOGO_MAX_BYTES} (${LOGO_MAX_BYTES / 1024} kB)`, 'too_large');
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.mime !== 'image/png' && sniffed?.mime !== 'image/jpeg') {
    const what = sniffed
      ? sniffed.mime
      : /^\s*(<\?xml|<svg|<!doctype svg)/i.test(new TextDecoder().decode(bytes.subarray(0, 256)))
        ? 'SVG'
        : 'not an image we read';
    throw invalid(FIELD, `a logo must be a PNG or JPEG image (this file is ${what})`);
  }
  try {
    const image = sniffed.mime === 'image/png' ? decodePng(bytes) : decodeJpeg(bytes);
    return { type: sniffed.mime, image };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalid(FIELD, `the ${sniffed.ext.toUpperCase()} image cannot be decoded: the file is damaged or truncated`);
  }
}

/** Decodes a stored logo (checked by `readLogo` when it was uploaded). */
export function decodeLogo(type: LogoType, bytes: Uint8Array): Rgba {
  return type === 'image/png' ? decodePng(bytes) : decodeJpeg(bytes);
}
