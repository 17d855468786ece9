import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * An empty PostgreSQL cluster as PGlite's initdb leaves it, packed (`bun core/pglite-cluster.ts`
 * writes it again; do so after upgrading PGlite to a new PostgreSQL major version). A first start
 * unpacks it instead of running initdb, which holds a second PostgreSQL instance in memory and
 * peaks above 1 GB: 4.5 MB in the repository against a server that fits in 512 MB.
 */
export const CLUSTER_TEMPLATE = fileURLToPath(new URL('./pglite-cluster.tar.gz', import.meta.url));

/**
 * PGlite's own start parameters, with 8 MB of shared buffers instead of PostgreSQL's 128 MB, all of
 * which PGlite touches at start, and shared memory sized for the one backend PGlite runs instead of
 * 100 connections (measured: 270 → 130 MB resident); the operating system's page cache still holds
 * the data files.
 */
export const PGLITE_START_PARAMS: string[] = [
  ...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams,
  ...['-c', 'shared_buffers=8MB', '-c', 'max_connections=5'],
];

if (import.meta.main) {
  const pg = await PGlite.create({ startParams: PGLITE_START_PARAMS, initDbStartParams: ['--set', 'shared_buffers=16MB'] });
  await pg.query('checkpoint');
  await Bun.write(CLUSTER_TEMPLATE, await pg.dumpDataDir('gzip'));
  await pg.close();
  console.log(`wrote ${CLUSTER_TEMPLATE}`);
}
