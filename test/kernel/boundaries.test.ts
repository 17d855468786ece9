import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The module boundaries are checked by dependency-cruiser with the project's own configuration:
// once on the code (so `npm test` alone catches a violation), once on a fixture that breaks each rule.
const ROOT = join(import.meta.dir, '..', '..');
const CRUISER = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

const FILE_RULES = join(ROOT, '.dependency-cruiser.cjs');
const MODULE_GRAPH = join(ROOT, '.dependency-cruiser-modules.cjs');
const run = (cwd: string, config: string, args: string[]) => Bun.spawnSync([process.execPath, CRUISER, '--config', config, ...args], { cwd });

function violationsOf(cwd: string, config: string, paths: string[]): string[] {
  const proc = run(cwd, config, ['--output-type', 'json', ...paths]);
  const stdout = proc.stdout.toString();
  if (!stdout.startsWith('{')) throw new Error(`dependency-cruiser failed: ${proc.stderr.toString()}`);
  return (JSON.parse(stdout).summary.violations as Violation[]).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

test('the code keeps its boundaries: core imports no module or app, no cycle (types included), modules only through their public faces', () => {
  expect(violationsOf(ROOT, FILE_RULES, ['app', 'core', 'modules', 'packages', 'plugins'])).toEqual([]);
  expect(violationsOf(ROOT, MODULE_GRAPH, ['modules'])).toEqual([]);
});

let fixture: string;
const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler' } }),
  'modules/a/index.ts': "export { a } from './service';\n",
  // reaches into b's service, and b imports a back: a cycle
  'modules/a/service.ts': "import { b } from '../b/service';\nexport const a = () => b;\n",
  'modules/b/index.ts': "export { b } from './service';\n",
  'modules/b/service.ts': "import { a } from '../a';\nexport const b = 1;\nexport const useA = () => a;\n",
  'modules/b/schema.ts': "import { a } from '../a';\nexport const table = a;\n",
  // d and e call each other through their public faces: no file cycle, but a module cycle
  'modules/d/index.ts': "export { d } from './d';\n",
  'modules/d/d.ts': 'export const d = 1;\n',
  'modules/d/uses-e.ts': "import { e } from '../e';\nexport const de = e;\n",
  'modules/e/index.ts': "export { e } from './e';\n",
  'modules/e/e.ts': 'export const e = 2;\n',
  'modules/e/uses-d.ts': "import { d } from '../d';\nexport const ed = d;\n",
  // through the public face, no cycle: allowed
  'modules/c/service.ts': "import { a } from '../a';\nexport const c = a;\n",
  'modules/dashboard/client/main.ts': "import { b } from '../../b';\nexport const shown = b;\n",
  'core/util.ts': "import { b } from '../modules/b';\nexport const u = b;\n",
  // a type is an import too: core knows no module, and no app
  'core/types.ts': "import type { B } from '../modules/b/types';\nimport type { K } from '../app/kernel';\nexport type U = B | K;\n",
  'modules/b/types.ts': 'export type B = 1;\n',
  // a type-only cycle is a cycle
  'modules/f/index.ts': "export type { F } from './f';\n",
  'modules/f/f.ts': "import type { G } from './g';\nexport type F = G;\n",
  'modules/f/g.ts': "import type { F } from './f';\nexport type G = { f?: F };\n",
  'modules/f/app-user.ts': "import { k } from '../../app/kernel';\nexport const fk = k;\n",
  'app/kernel.ts': "import { b } from '../modules/b/service';\nexport const k = b;\nexport type K = 2;\n",
  // the module list reads descriptors through the public face too (index.ts exports the descriptor and declares the jobs)
  'app/modules.ts':
    "import { b } from '../modules/b/service';\nimport { c } from '../modules/c';\nimport { c as d } from '../modules/c/module';\nexport const all = [b, c, d];\n",
  'modules/c/index.ts': "export { c } from './module';\n",
  'modules/c/module.ts': "import { c } from './service';\nexport { c };\n",
  'app/schema.ts': "export * from '../modules/a/service';\n",
  'plugins/p.ts': "import { a } from '../modules/a';\nimport { definePlugin } from '../app/plugin-api';\nexport default definePlugin(a);\n",
  'app/plugin-api.ts': 'export const definePlugin = (x: unknown) => x;\n',
  // the published SDK reaches into the server
  'packages/sdk/src/leak.ts': "import { u } from '../../../core/util';\nexport const leaked = u;\n",
  'packages/sdk/src/index.ts': "export { leaked } from './leak';\n",
};

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), 'linkhop-boundaries-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(fixture, dirname(path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
});
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

test('the check fails on each kind of violation, naming the rule and the import', () => {
  const found = violationsOf(fixture, FILE_RULES, ['app', 'core', 'modules', 'packages', 'plugins']);
  for (const expected of [
    'sdk-stands-alone: packages/sdk/src/leak.ts → core/util.ts',
    'module-internals: modules/a/service.ts → modules/b/service.ts',
    'no-circular: modules/a/index.ts → modules/a/service.ts',
    'schema-imports-tables-only: modules/b/schema.ts → modules/a/index.ts',
    'browser-bundle: modules/dashboard/client/main.ts → modules/b/index.ts',
    'core-imports-no-module: core/util.ts → modules/b/index.ts',
    'core-imports-no-module: core/types.ts → modules/b/types.ts',
    'core-imports-no-module: core/types.ts → app/kernel.ts',
    'no-circular: modules/f/f.ts → modules/f/g.ts',
    'modules-import-no-app: modules/f/app-user.ts → app/kernel.ts',
    'public-faces-only: app/kernel.ts → modules/b/service.ts',
    'public-faces-only: app/modules.ts → modules/b/service.ts',
    'public-faces-only: app/modules.ts → modules/c/module.ts',
    'schema-barrel-tables-only: app/schema.ts → modules/a/service.ts',
    'plugins-use-the-plugin-api: plugins/p.ts → modules/a/index.ts',
  ])
    expect(found).toContain(expected);
  // through a public face (the module list reading a descriptor there), the plugin API: allowed
  expect(found.filter((v) => /^[\w-]+: modules\/[cde]\/|→ modules\/c\/index\.ts|→ app\/plugin-api\.ts/.test(v))).toEqual([]);
  // as `npm run check:boundaries` and CI run it: a failing exit status
  const proc = run(fixture, FILE_RULES, ['app', 'core', 'modules', 'plugins']);
  expect(proc.exitCode).not.toBe(0);
  // the text report is coloured where the terminal (or CI's) allows it
  expect(stripVTControlCharacters(proc.stdout.toString())).toContain('error module-internals: modules/a/service.ts → modules/b/service.ts');
});

test('the module graph check fails on a cycle between modules that no file cycle shows', () => {
  const found = violationsOf(fixture, MODULE_GRAPH, ['modules']);
  expect(found).toEqual(expect.arrayContaining(['no-module-cycles: modules/d → modules/e', 'no-module-cycles: modules/e → modules/d']));
});
