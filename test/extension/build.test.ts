import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { buildExtension, GECKO_ID } from '../../extension/build';

/** The files of a zip, read by its local headers (what a browser store reads), each checked against its CRC. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const crc = zip.readUInt32LE(at + 14);
    const packedSize = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    const packed = zip.subarray(start, start + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : packed;
    expect(Bun.hash.crc32(data), name).toBe(crc);
    files.set(name, data);
    at = start + packedSize;
  }
  expect(zip.readUInt32LE(at)).toBe(0x02014b50); // the central directory follows
  return files;
}

test('npm run build:extension: a Chromium and a Firefox package, each zip holding exactly its folder', async () => {
  const { chromium, firefox, zips } = await buildExtension();
  const chromiumManifest = JSON.parse(readFileSync(join(chromium, 'manifest.json'), 'utf8'));
  const firefoxManifest = JSON.parse(readFileSync(join(firefox, 'manifest.json'), 'utf8'));
  expect(chromiumManifest.manifest_version).toBe(3);
  expect(chromiumManifest.background).toEqual({ service_worker: 'background.js', type: 'module' });
  expect(chromiumManifest.browser_specific_settings).toBeUndefined();
  // Firefox: its add-on id, background scripts (no service worker)
  expect(firefoxManifest.browser_specific_settings.gecko.id).toBe(GECKO_ID);
  expect(firefoxManifest.background).toEqual({ scripts: ['background.js'], type: 'module' });
  expect(firefoxManifest.permissions).toEqual(chromiumManifest.permissions);

  for (const [dir, zip] of [
    [chromium, zips[0]!],
    [firefox, zips[1]!],
  ] as const) {
    const files = unzip(readFileSync(zip));
    expect([...files.keys()].sort()).toEqual(readdirSync(dir).sort());
    for (const [name, data] of files) expect(data.equals(readFileSync(join(dir, name))), name).toBe(true);
    // every file the pages load is in the package; the popup and the callback page are bundled scripts
    for (const page of ['popup.html', 'callback.html']) {
      const html = files.get(page)!.toString();
      for (const [, src] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(files.has(src!), `${page} → ${src}`).toBe(true);
    }
    expect(files.get('popup.js')!.toString()).not.toContain('import ');
  }
  expect(zips[0]).toEndWith('dist/linkhop-extension.zip');
});
