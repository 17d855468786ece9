// `npm run build:extension`: bundles the extension's TypeScript with Bun and writes the Chromium and
// Firefox packages: dist/extension/{chromium,firefox}/ and dist/linkhop-extension{,-firefox}.zip.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipFiles } from './zip';

const root = new URL('.', import.meta.url).pathname;
const dist = join(root, '..', 'dist');
const STATIC = ['popup.html', 'popup.css', 'callback.html'];
const ENTRIES = ['popup.ts', 'callback.ts', 'background.ts'];
/** Firefox's id for the extension (its storage and its moz-extension:// origin are per install). */
export const GECKO_ID = 'browser-extension@linkhop.dev';

const chromium = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
// Firefox runs MV3 background scripts as an event page, not a service worker
const { service_worker: _worker, ...background } = chromium.background;
const firefox = {
  ...chromium,
  background: { ...background, scripts: ['background.js'] },
  browser_specific_settings: { gecko: { id: GECKO_ID, strict_min_version: '128.0' } },
};

export async function buildExtension(): Promise<{ chromium: string; firefox: string; zips: string[] }> {
  const out = join(dist, 'extension');
  rmSync(out, { recursive: true, force: true });
  const built = await Bun.build({ entrypoints: ENTRIES.map((e) => join(root, 'src', e)), target: 'browser', format: 'esm', minify: true, splitting: false });
  if (!built.success) throw new AggregateError(built.logs, 'the extension does not build');
  const zips: string[] = [];
  for (const [variant, manifest] of [
    ['chromium', chromium],
    ['firefox', firefox],
  ] as const) {
    const dir = join(out, variant);
    mkdirSync(dir, { recursive: true });
    for (const file of STATIC) copyFileSync(join(root, 'src', file), join(dir, file));
    for (const output of built.outputs) writeFileSync(join(dir, output.path.split('/').pop()!), await output.text());
    writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const zip = join(dist, variant === 'chromium' ? 'linkhop-extension.zip' : 'linkhop-extension-firefox.zip');
    writeFileSync(zip, zipFiles(dir));
    zips.push(zip);
  }
  return { chromium: join(out, 'chromium'), firefox: join(out, 'firefox'), zips };
}

if (import.meta.main) {
  const { zips } = await buildExtension();
  for (const zip of zips) console.log(`wrote ${zip}`);
}
