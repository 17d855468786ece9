import { expect, test } from 'bun:test';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Code blocks naming a file (```ts plugins/examples/x.ts) are that file, character for character: the guide cannot drift. */
const ROOT = join(import.meta.dir, '../..');
const EXAMPLES = 'plugins/examples';
const namedBlocks = (doc: string) =>
  [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/^```ts (\S+)\n([\s\S]*?)^```$/gm)].map(([, file, code]) => ({ file: file!, code: code! }));
const examples = () => readdirSync(join(ROOT, EXAMPLES)).map((name) => `${EXAMPLES}/${name}`);

function guideShowsEveryExampleAsShipped() {
  const blocks = namedBlocks('docs/plugins.md');
  expect(blocks.map((b) => b.file).sort()).toEqual(examples().sort());
  for (const { file, code } of blocks) expect({ file, code }).toEqual({ file, code: readFileSync(join(ROOT, file), 'utf8') });
}

function readmeLinksTheGuide() {
  const blocks = namedBlocks('README.md');
  for (const { file, code } of blocks) expect({ file, code }).toEqual({ file, code: readFileSync(join(ROOT, file), 'utf8') });
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('](docs/plugins.md)');
}

function examplesStayShort() {
  for (const file of examples()) {
    const lines = readFileSync(join(ROOT, file), 'utf8').trimEnd().split('\n').length;
    expect({ file, under60: lines < 60 }).toEqual({ file, under60: true });
  }
}

test(`every plugin in ${EXAMPLES}/ is shown in docs/plugins.md exactly as shipped`, guideShowsEveryExampleAsShipped);
test('the README links the guide, and any plugin file it shows is the shipped file', readmeLinksTheGuide);
test('each example plugin stays under 60 lines', examplesStayShort);

test("a team's own plugin in plugins/, where the guide puts it, breaks none of these checks", () => {
  const own = join(ROOT, 'plugins', `our-own-${process.pid}.ts`);
  const long = Array.from({ length: 80 }, (_, i) => `// line ${i}`).join('\n');
  writeFileSync(own, `import { definePlugin } from '../app/plugin-api';\n${long}\nexport default definePlugin({ name: 'our-own', setup() {} });\n`);
  try {
    guideShowsEveryExampleAsShipped();
    readmeLinksTheGuide();
    examplesStayShort();
  } finally {
    rmSync(own);
  }
});
