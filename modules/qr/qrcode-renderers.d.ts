// qrcode's own renderers, which take a QR code made by `QRCode.create` (its index takes only text):
// the logo clears modules of the matrix before drawing. qrcode is pinned in package.json.
declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';
  export function render(qr: QRCode, options: QRCodeRenderersOptions): string;
}
declare module 'qrcode/lib/renderer/png.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';
  export function render(qr: QRCode, options: QRCodeRenderersOptions): { width: number; height: number; data: Uint8Array };
}
