import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Code blocks naming a file (```ts plugins/x.ts) are that file, character for character: the guide cannot drift. */
const ROOT = join(import.meta.dir, '../..');
const namedBlocks = (doc: string) =>
  [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/^```ts (\S+)\n([\s\S]*?)^```$/gm)].map(([, file, code]) => ({ file: file!, code: code! }));

test('every plugin in plugins/ is shown in docs/plugins.md exactly as shipped', () => {
  const blocks = namedBlocks('docs/plugins.md');
  const shipped = readdirSync(join(ROOT, 'plugins'))
    .map((name) => `plugins/${name}`)
    .sort();
  expect(blocks.map((b) => b.file).sort()).toEqual(shipped);
  for (const { file, code } of blocks) expect({ file, code }).toEqual({ file, code: readFileSync(join(ROOT, file), 'utf8') });
});

test("the README's plugin example is the shipped file, and the README links the guide", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = namedBlocks('README.md');
  expect(blocks.map((b) => b.file)).toEqual(['plugins/domain-blocklist.ts']);
  expect(blocks[0]!.code).toBe(readFileSync(join(ROOT, 'plugins/domain-blocklist.ts'), 'utf8'));
  expect(readme).toContain('](docs/plugins.md)');
});

test('each example plugin stays under 60 lines', () => {
  for (const name of readdirSync(join(ROOT, 'plugins'))) {
    const lines = readFileSync(join(ROOT, 'plugins', name), 'utf8')
      .trimEnd()
      .split('\n').length;
    expect({ name, under60: lines < 60 }).toEqual({ name, under60: true });
  }
});
