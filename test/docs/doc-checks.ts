/**
 * What keeps the user docs honest: the files, scripts, CLI commands and worker queues their code
 * names exist, the README's configuration table is the configuration the code reads, and their
 * links between each other resolve. Pure functions over the texts and the facts of the repository,
 * so a fixture can show each check failing.
 */

export interface Doc {
  /** path from the repository root, e.g. `docs/api.md` */
  path: string;
  text: string;
}

export interface RepoFacts {
  /** every file and directory, relative to the root, `/`-separated, directories without a trailing slash */
  paths: Set<string>;
  scripts: Set<string>;
  cliCommands: Set<string>;
  queues: Set<string>;
}

const FENCE = /^```[^\n]*\n([\s\S]*?)^```$/gm;
const INLINE_CODE = /`([^`\n]+)`/g;
/** files a doc may name without their folder (a test file in a table, `main.ts` in a list under `app/`) */
const SOURCE_FILE = /^[\w-][\w.-]*\.(ts|tsx|md|sql|cjs|mjs|json|jsonc|sh|toml|csv)$/;

/** The code of a doc: its fenced blocks and its inline code spans, each as one text. */
export function codeOf(text: string): string[] {
  const fenced = [...text.matchAll(FENCE)].map((m) => m[1]!);
  const prose = text.replace(FENCE, '');
  return [...fenced, ...[...prose.matchAll(INLINE_CODE)].map((m) => m[1]!)];
}

/** The doc without its code: where its links are. */
const proseOf = (text: string) => text.replace(FENCE, '').replace(INLINE_CODE, '');

function words(code: string): string[] {
  return code
    .split(/[\s"'`=,;()[\]|]+/)
    .map((w) => w.replace(/^\.\//, '').replace(/[.:]+$/, ''))
    .filter(Boolean);
}

/**
 * A word that names a file of the repository: it starts with a top-level entry (`app/main.ts`,
 * `.ci/run`), or it is a source file name, alone or under a folder (`cli.test.ts`, `client/api.ts`).
 * Placeholders (`modules/<name>/`, `{SITE_URL}/app`, `pg_wal/…`), URLs and absolute paths are not.
 */
function pathProblem(word: string, facts: RepoFacts, topLevel: Set<string>): string | undefined {
  if (/[<>{}…*$@\\]|:\/\//.test(word) || word.startsWith('/') || word.startsWith('~') || word.startsWith('..')) return;
  const path = word.replace(/\/+$/, '');
  const [first] = path.split('/');
  if (path.includes('/') && topLevel.has(first!)) return facts.paths.has(path) ? undefined : `no such file: ${word}`;
  const name = path.split('/').pop()!;
  if (!SOURCE_FILE.test(name) || (name.startsWith('.') && !topLevel.has(name))) return;
  if (!path.includes('/') && topLevel.has(path)) return;
  for (const known of facts.paths) if (known === path || known.endsWith(`/${path}`)) return;
  return `no such file: ${word}`;
}

const RUN = /\b(?:npm|bun) run(?: -s| --silent)? ([\w:.-]+)((?: --)?(?: [^\s#|&;]+)?)/g;

function commandProblems(code: string, facts: RepoFacts): string[] {
  const problems: string[] = [];
  for (const [, script, rest] of code.matchAll(RUN)) {
    if (script!.includes('/') || /\.[jt]sx?$/.test(script!)) continue; // `bun run app/main.ts`: a file, checked as a path
    if (!facts.scripts.has(script!)) {
      problems.push(`no package.json script: ${script}`);
      continue;
    }
    const argument = rest!.replace(/^ --/, '').trim();
    if (!/^[a-z][\w-]*$/.test(argument)) continue; // none, an option or a placeholder
    if (script === 'cli' && !facts.cliCommands.has(argument)) problems.push(`no CLI command: ${argument}`);
    if (script === 'worker' && !facts.queues.has(argument)) problems.push(`no queue: ${argument}`);
  }
  return problems;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.replace(FENCE, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

function linkProblems(doc: Doc, docs: Map<string, Doc>, facts: RepoFacts): string[] {
  const problems: string[] = [];
  const dir = doc.path.includes('/') ? doc.path.slice(0, doc.path.lastIndexOf('/')) : '';
  for (const [, target] of proseOf(doc.text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue; // https:, mailto:
    const [file, anchor] = target!.split('#') as [string, string | undefined];
    const path = file ? normalise(dir ? `${dir}/${file}` : file) : doc.path;
    if (!facts.paths.has(path)) {
      problems.push(`broken link: ${target}`);
      continue;
    }
    if (anchor === undefined) continue;
    const linked = docs.get(path);
    if (!linked || !anchorsOf(linked.text).has(anchor)) problems.push(`no heading for the anchor: ${target}`);
  }
  return problems;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** Every problem of the docs, each naming its doc. */
export function docProblems(docs: Doc[], facts: RepoFacts): string[] {
  const topLevel = new Set([...facts.paths].filter((p) => !p.includes('/')));
  const byPath = new Map(docs.map((d) => [d.path, d]));
  return docs.flatMap((doc) => {
    const code = codeOf(doc.text);
    const paths = code.flatMap((c) => words(c).map((w) => pathProblem(w, facts, topLevel)));
    const commands = code.flatMap((c) => commandProblems(c, facts));
    const problems = [...new Set([...paths.filter((p): p is string => !!p), ...commands])];
    return [...problems, ...linkProblems(doc, byPath, facts)].map((p) => `${doc.path}: ${p}`);
  });
}

/** The variables of the README's configuration table: the first column's names. */
export function configTableVariables(readme: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration\n'));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

/** The variables a configuration source reads: `env.NAME`, and the names it lists as strings (`'OIDC_ISSUER'`). */
export function variablesRead(source: string): string[] {
  const read = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
  const listed = [...source.matchAll(/'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)].map((m) => m[1]!);
  return [...new Set([...read, ...listed])].sort();
}

/** The table and the code agree: every variable of the table is read, every variable read is in the table. */
export function configTableProblems(readme: string, configSource: string): string[] {
  const table = new Set(configTableVariables(readme));
  const read = new Set(variablesRead(configSource));
  return [
    ...[...table].filter((v) => !read.has(v)).map((v) => `README configuration table: ${v} is read by no code`),
    ...[...read].filter((v) => !table.has(v)).map((v) => `README configuration table: ${v} is read but not in the table`),
  ];
}
