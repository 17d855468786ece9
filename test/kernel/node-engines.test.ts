import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The README promises Node 20+ and npm: `npm install` on the oldest Node that package.json's
 * `engines` admits must not warn EBADENGINE for any package of the lock file, dev tools included.
 */
const ROOT = join(import.meta.dir, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

/** the oldest release of each major from the promised one up to the current line */
function nodeVersionsPromised(range: string): string[] {
  const oldest = Number(/^>=\s*(\d+)$/.exec(range.trim())?.[1]);
  if (!oldest) throw new Error(`package.json engines.node should read ">=N", got "${range}"`);
  return [oldest, oldest + 2, oldest + 4].map((major) => `${major}.0.0`);
}

function packagesRefusing(lock: { packages: Record<string, LockEntry> }, node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return path && wanted && !Bun.semver.satisfies(node, wanted);
    })
    .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
}

test('every package of package-lock.json runs on each Node version package.json promises', () => {
  const lock = readJson('package-lock.json');
  for (const node of nodeVersionsPromised(readJson('package.json').engines.node))
    expect({ node, refusing: packagesRefusing(lock, node) }).toEqual({ node, refusing: [] });
});

test('the check names a package that wants a newer Node', () => {
  const lock = {
    packages: {
      '': { version: '0.1.0' },
      'node_modules/new-tool': { version: '2.0.0', engines: { node: '>=22' } },
      'node_modules/old-tool': { version: '1.0.0', engines: { node: '^18 || >=20' } },
    },
  };
  expect(nodeVersionsPromised('>=20')).toEqual(['20.0.0', '22.0.0', '24.0.0']);
  expect(packagesRefusing(lock, '20.0.0')).toEqual(['new-tool@2.0.0 wants node >=22']);
  expect(packagesRefusing(lock, '22.0.0')).toEqual([]);
});
