import { afterAll, beforeAll, expect, test } from 'bun:test';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The SDK's types are the API's: tsc compiles test/sdk/fixtures/typed-calls.ts, a program using the SDK, three ways.
 * As it is, it compiles (each `@ts-expect-error` in it marks a real error: tsc refuses an unused one); without those
 * lines it fails on each of them and nowhere else; and against the generated schema with one answer field renamed (as
 * a server change and `npm run api:types` would), a program reading the old name no longer builds.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const FIXTURE = join(ROOT, 'test/sdk/fixtures/typed-calls.ts');
const SDK_SOURCE = join(ROOT, 'packages/sdk/src');
const work = mkdtempSync(join(tmpdir(), 'lh-sdk-types-'));
// the copies compiled there find the SDK's dependency (openapi-fetch) as the SDK's own folder does
symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** tsc over `file` alone, as a strict user project would (browser and Node alike: no runtime's own types): its error lines. */
async function compile(name: string, file: string): Promise<{ exitCode: number; errors: { file: string; line: number; text: string }[] }> {
  const project = join(work, `tsconfig.${name}.json`);
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM'],
    types: [],
    skipLibCheck: true,
  };
  writeFileSync(project, JSON.stringify({ compilerOptions, files: [file] }));
  const tsc = Bun.spawn([process.execPath, join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, '--pretty', 'false'], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const output = (await new Response(tsc.stdout).text()) + (await new Response(tsc.stderr).text());
  const errors = [...output.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map((m) => ({
    file: m[1]!.split('/').pop()!,
    line: Number(m[2]),
    text: m[3]!,
  }));
  return { exitCode: await tsc.exited, errors };
}

const source = readFileSync(FIXTURE, 'utf8');
const expectErrorLines = source.split('\n').flatMap((line, i) => (/^\s*\/\/ @ts-expect-error/.test(line) ? [i + 2] : [])); // the line each one covers (1-based)
const pointedAt = (text: string, sdk: string) => text.replace("'../../../packages/sdk/src/index'", `'${join(sdk, 'index')}'`);

type Compiled = Awaited<ReturnType<typeof compile>>;
let asIs: Compiled;
let withoutExpectations: Compiled;
let afterRename: Compiled;
let docExamples: Compiled;

/** The TypeScript examples of docs/api.md's curl-and-SDK section, each in a block of its own, in a program that declares what they take as given. */
function docsProgram(): string {
  const guide = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Examples: curl and the SDK'), guide.indexOf('\n## ', guide.indexOf('## Examples: curl and the SDK') + 1));
  const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(7);
  return [
    `import { createLinkhop, LinkhopError } from '${join(SDK_SOURCE, 'index')}';`,
    'declare const SITE_URL: string, KEY: string, wsId: string, linkId: string;',
    "declare function readFile(path: string, encoding: 'utf8'): Promise<string>;",
    'declare function showUnderTarget(message: string): void;',
    'const linkhop = createLinkhop({ baseUrl: SITE_URL, apiKey: KEY });',
    'export async function examples() {',
    ...blocks.map((block) => `{\n${block}}`),
    '}',
    'void LinkhopError;',
  ].join('\n');
}

// the compiles run together (each reads the whole generated schema: tens of seconds)
beforeAll(async () => {
  expect(expectErrorLines.length).toBe(7);
  // 1. without the expect-error comments (blanked, so that line numbers stay)
  const stripped = join(work, 'stripped.ts');
  writeFileSync(stripped, pointedAt(source.replace(/\/\/ @ts-expect-error.*$/gm, '//'), SDK_SOURCE));
  // 2. the SDK's sources with the schema as if the server had renamed `short_url` to `short_link_url`
  const renamedSdk = join(work, 'renamed-sdk');
  cpSync(SDK_SOURCE, renamedSdk, { recursive: true });
  const schema = readFileSync(join(renamedSdk, 'api-schema.ts'), 'utf8');
  expect(schema).toContain('short_url: string;');
  writeFileSync(join(renamedSdk, 'api-schema.ts'), schema.replaceAll('short_url:', 'short_link_url:'));
  const renamed = join(work, 'renamed.ts');
  writeFileSync(renamed, pointedAt(source, renamedSdk));
  // 3. the examples of the API guide
  const docs = join(work, 'docs-examples.ts');
  writeFileSync(docs, docsProgram());

  [asIs, withoutExpectations, afterRename, docExamples] = await Promise.all([
    compile('as-is', FIXTURE),
    compile('stripped', stripped),
    compile('renamed', renamed),
    compile('docs', docs),
  ]);
}, 480_000);

test('a program using the SDK compiles (each of its @ts-expect-error lines marks a real error)', () => {
  expect(asIs.errors).toEqual([]);
  expect(asIs.exitCode).toBe(0);
});

test('without its @ts-expect-error lines it fails on exactly those lines, naming the wrong names', () => {
  expect(withoutExpectations.exitCode).not.toBe(0);
  expect(withoutExpectations.errors.every((e) => e.file === 'stripped.ts')).toBe(true);
  expect([...new Set(withoutExpectations.errors.map((e) => e.line))].sort((a, b) => a - b)).toEqual(expectErrorLines);
  const said = withoutExpectations.errors.map((e) => e.text).join('\n');
  for (const named of ["'url'", "'short_link'", "'workspace'", '/shortlinks"', "'back_half'", '"missing"']) expect(said).toContain(named);
});

test('an answer field renamed in the generated schema breaks the build where the program reads the old name', () => {
  expect(afterRename.exitCode).not.toBe(0);
  const shortUrlRead = source.split('\n').findIndex((line) => line.includes('return link.short_url')) + 1;
  expect(afterRename.errors).toEqual([{ file: 'renamed.ts', line: shortUrlRead, text: expect.stringContaining("Property 'short_url' does not exist") }]);
});

test('the SDK lines of docs/api.md compile', () => {
  expect(docExamples.errors).toEqual([]);
  expect(docExamples.exitCode).toBe(0);
});
