import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { TestApp } from '../helpers/app';

/** A round logo, orange-to-red with a transparent outside; `seed` makes each file different. */
export function logoPng(side = 256, seed = 0): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 4;
      png.data[i] = 230;
      png.data[i + 1] = (x * 3 + seed) & 255;
      png.data[i + 2] = 40;
      png.data[i + 3] = Math.hypot(x - side / 2, y - side / 2) < side * 0.47 ? 255 : 0;
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

/** A dark square logo as a JPEG (no transparency in JPEG: the worst case for a reader). */
export function logoJpeg(side = 200): Uint8Array<ArrayBuffer> {
  const data = Buffer.alloc(side * side * 4);
  for (let i = 0; i < data.length; i += 4) data.set([20, 60, (i / 4) % 255, 255], i);
  return new Uint8Array(jpeg.encode({ width: side, height: side, data }, 90).data);
}

/** What jsQR reads in a PNG, and its pixels. */
export function decodePng(bytes: Uint8Array) {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { png, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data };
}

export async function uploadLogo(t: TestApp, wsId: string, key: string, bytes: Uint8Array, opts: { query?: string; contentType?: string } = {}) {
  const res = await t.app.handle(
    new Request(`http://linkhop.test/api/workspaces/${wsId}/qr/logos${opts.query ?? ''}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': opts.contentType ?? 'image/png' },
      body: new Uint8Array(bytes),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}
