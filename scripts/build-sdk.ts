/**
 * `npm run build:sdk`: packages/sdk/dist, the package as published: one ESM file for every runtime (Bun's bundle for
 * the browser target: fetch only, no Node built-ins; openapi-fetch stays a dependency) and its declarations (tsc).
 * `bun scripts/build-sdk.ts OUT_DIR` builds elsewhere (the tests build into a temporary folder).
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const PACKAGE = new URL('../packages/sdk/', import.meta.url).pathname;

export async function buildSdk(outDir = resolve(PACKAGE, 'dist')): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  const bundle = await Bun.build({
    entrypoints: [resolve(PACKAGE, 'src/index.ts')],
    outdir: outDir,
    target: 'browser',
    format: 'esm',
    external: ['openapi-fetch'],
    sourcemap: 'linked',
  });
  if (!bundle.success) throw new AggregateError(bundle.logs, 'the SDK failed to bundle');
  const tsc = Bun.spawnSync(
    [process.execPath, resolve(PACKAGE, '../../node_modules/typescript/bin/tsc'), '-p', resolve(PACKAGE, 'tsconfig.json'), '--outDir', outDir],
    {
      stdout: 'inherit',
      stderr: 'inherit',
    },
  );
  if (tsc.exitCode !== 0) throw new Error(`tsc failed to emit the SDK's declarations (exit ${tsc.exitCode})`);
  return outDir;
}

if (import.meta.main) console.log(`built ${await buildSdk(process.argv[2] && resolve(process.argv[2]))}`);
