import { fileURLToPath } from 'node:url';

/** An asset as built and gzipped once (browsers all accept gzip; the bar is on what they download). */
export interface Asset {
  body: Uint8Array;
  gzipped: Uint8Array;
  type: string;
}
export interface ClientBundle {
  assets: Map<string, Asset>;
  scripts: string[];
  styles: string[];
}

const ENTRY = fileURLToPath(new URL('./client/main.tsx', import.meta.url));

/**
 * The client, bundled by Bun in memory: minified, one JS entry and its CSS (ours and uPlot's),
 * each named by its content hash so browsers may cache it for a year.
 */
async function bundleClient(): Promise<ClientBundle> {
  const result = await Bun.build({
    entrypoints: [ENTRY],
    target: 'browser',
    minify: true,
    naming: '[name]-[hash].[ext]',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  if (!result.success) throw new AggregateError(result.logs, 'dashboard client failed to bundle');
  const bundle: ClientBundle = { assets: new Map(), scripts: [], styles: [] };
  for (const output of result.outputs) {
    const name = output.path.replace(/^\.\//, '');
    const body = new Uint8Array(await output.arrayBuffer());
    bundle.assets.set(name, { body, gzipped: Bun.gzipSync(body, { level: 9 }), type: output.type });
    if (output.kind === 'entry-point') bundle.scripts.push(name);
    else if (name.endsWith('.css')) bundle.styles.push(name);
  }
  return bundle;
}

let bundled: Promise<ClientBundle> | undefined;

/** Bundled once per process (the output depends on no configuration), on first need. */
export function clientBundle(): Promise<ClientBundle> {
  bundled ??= bundleClient().catch((error) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}
