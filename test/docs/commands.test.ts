import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, DATABASE_COMMANDS } from '../../app/cli';
import { anchorsOf, configTableProblems, type Doc, docProblems, type RepoFacts } from './doc-checks';

const ROOT = join(import.meta.dir, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** what a checkout holds; the rest is installed, generated or local state */
const NOT_THE_REPOSITORY = new Set(['node_modules', '.git', 'data']);

function repoFacts(): RepoFacts {
  const entries = readdirSync(ROOT, { recursive: true, withFileTypes: true }) as unknown as {
    name: string;
    parentPath: string;
  }[];
  const paths = new Set<string>();
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name).slice(ROOT.length + 1);
    if (!NOT_THE_REPOSITORY.has(path.split('/')[0]!)) paths.add(path);
  }
  return {
    paths,
    scripts: new Set(Object.keys(JSON.parse(read('package.json')).scripts)),
    cliCommands: new Set([...Object.keys(COMMANDS), ...Object.keys(DATABASE_COMMANDS)]),
    // each queue has its worker entry point, app/workers/<queue>.ts, beside the one for all of them
    queues: new Set(
      readdirSync(join(ROOT, 'app/workers'))
        .map((f) => f.replace(/\.ts$/, ''))
        .filter((q) => q !== 'main' && q !== 'run'),
    ),
  };
}

const userDocs = (): Doc[] => [
  { path: 'README.md', text: read('README.md') },
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ path: `docs/${f}`, text: read(`docs/${f}`) })),
];

test('every file, npm/bun script, CLI command and queue named in the code of README.md and docs/ exists, and every link between them resolves', () => {
  expect(docProblems(userDocs(), repoFacts())).toEqual([]);
});

test("the README's configuration table is exactly the variables core/config.ts reads", () => {
  expect(configTableProblems(read('README.md'), read('core/config.ts'))).toEqual([]);
});

test('the README stays a README: at most 250 lines', () => {
  expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
});

test('the checks fail on a doc that names what does not exist', () => {
  const fixture: Doc = {
    path: 'docs/fixture.md',
    text: [
      '# Fixture',
      '## Real heading',
      'Start it with `bun app/main.ts`, then `npm run cli -- setup-link` and `npm run worker clicks`.',
      'Missing: `app/nowhere.ts`, `gone.test.ts`, and [a page](missing.md), [an anchor](api.md#no-such-heading),',
      '[a good one](api.md#errors), [here](#real-heading), [not here](#unreal-heading).',
      '```sh',
      'npm run no-such-script',
      'bun run cli frobnicate --email E',
      'npm run worker nightly',
      'bun bench/absent.ts',
      '```',
    ].join('\n'),
  };
  const api: Doc = { path: 'docs/api.md', text: read('docs/api.md') };
  const facts = repoFacts();
  facts.paths.add('docs/fixture.md');
  expect(
    docProblems([fixture, api], facts)
      .filter((p) => p.startsWith('docs/fixture.md'))
      .sort(),
  ).toEqual(
    [
      'docs/fixture.md: no such file: app/nowhere.ts',
      'docs/fixture.md: no such file: gone.test.ts',
      'docs/fixture.md: no such file: bench/absent.ts',
      'docs/fixture.md: no package.json script: no-such-script',
      'docs/fixture.md: no CLI command: frobnicate',
      'docs/fixture.md: no queue: nightly',
      'docs/fixture.md: broken link: missing.md',
      'docs/fixture.md: no heading for the anchor: api.md#no-such-heading',
      'docs/fixture.md: no heading for the anchor: #unreal-heading',
    ].sort(),
  );
});

test('the configuration check fails on a variable nobody reads and on one missing from the table', () => {
  const readme = [
    '## Configuration',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    '| `PORT` | `3000` | port |',
    '| `NO_SUCH_SETTING` | | x |',
    '',
    '## Next',
  ].join('\n');
  const source = 'const port = Number(env.PORT ?? 3000); const site = env.SITE_URL;';
  expect(configTableProblems(readme, source)).toEqual([
    'README configuration table: NO_SUCH_SETTING is read by no code',
    'README configuration table: SITE_URL is read but not in the table',
  ]);
});

test('anchors are made as GitHub makes them', () => {
  expect([...anchorsOf('# Operations\n## Clicks are never lost: the spool\n## State: `ctx.store`\n## Errors\n## Errors')]).toEqual([
    'operations',
    'clicks-are-never-lost-the-spool',
    'state-ctxstore',
    'errors',
    'errors-1',
  ]);
});
