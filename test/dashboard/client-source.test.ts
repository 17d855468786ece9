import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'bun:test';

/**
 * Issue 41 stays fixed: the dashboard client reads the API's answers through their generated types and reacts
 * to an error's `code`, so none of these come back into modules/dashboard/client.
 */
const CLIENT = join(import.meta.dir, '../../modules/dashboard/client');
const ROOT = join(import.meta.dir, '../..');

const sources = (readdirSync(CLIENT, { recursive: true }) as string[])
  .filter((path) => /\.tsx?$/.test(path))
  .map((path) => ({ path: relative(ROOT, join(CLIENT, path)), lines: readFileSync(join(CLIENT, path), 'utf8').split('\n') }));

const FORBIDDEN: [string, RegExp][] = [
  // the session answer types `plan` as the Plan union; a DOM value is narrowed with isPlan
  ['a cast to Plan', /\bas Plan\b/],
  // data is typed by its route or narrowed by a guard
  ['a double cast', /\bas unknown as\b/],
  ['a cast to LiveEvent', /\bas LiveEvent\b/],
  // a branch on what an error says: its message tested, matched or searched (use `code`, or `field` for where)
  ['a regex or text test over an error message', /\.message\s*\.\s*(match|matchAll|search|replace|replaceAll|includes|startsWith|endsWith|indexOf)\s*\(/],
  ['a regex over an error message', /\.(test|exec)\(\s*[\w.?]*\b(message|error|failure)\b[\w.?]*\)/],
  // a failure's words come from failureMessage(), which takes anything thrown
  ['a cast of a failure to Error', /\bas Error\)/],
  // a kind of failure is its code (hasCode): the status is only read where no body is (the signed-out middleware)
  ['a branch on an HTTP status', /\.status\s*[!=]==?\s*\d/],
];
/** the one place a status is the meaning: the fetch middleware sees a 401 before any body is read, and signs the person out */
const STATUS_READER = 'modules/dashboard/client/api.ts';

test('the patterns catch sample lines of each kind and pass ordinary ones (so that the scan below can fail)', () => {
  const caught = (line: string) => FORBIDDEN.filter(([, pattern]) => pattern.test(line)).map(([what]) => what);
  expect(caught('const plan = workspace.plan as Plan;')).toEqual(['a cast to Plan']);
  expect(caught('formOf(config as unknown as Link)')).toEqual(['a double cast']);
  expect(caught('const live = { type, data } as LiveEvent;')).toEqual(['a cast to LiveEvent']);
  expect(caught("if (error.message.includes('plan')) return;")).toEqual(['a regex or text test over an error message']);
  expect(caught('if (/Governance:/.test(failure.message)) return;')).toEqual(['a regex over an error message']);
  expect(caught('if (/^\\d+$/.test(days)) return;')).toEqual([]);
  expect(caught('if (hasCode(error, "plan_required")) return;')).toEqual([]);
  expect(caught('setError((error as Error).message);')).toEqual(['a cast of a failure to Error']);
  expect(caught('if (error instanceof ApiFailure && error.status === 429) wait();')).toEqual(['a branch on an HTTP status']);
  expect(caught('if (failure.status !== 402) throw failure;')).toEqual(['a branch on an HTTP status']);
});

test('no cast to Plan, no double cast, no LiveEvent or Error cast, no status branch and no regex over error text in modules/dashboard/client', () => {
  expect(sources.length).toBeGreaterThan(50);
  const found = sources.flatMap(({ path, lines }) =>
    lines.flatMap((line, i) =>
      FORBIDDEN.filter(
        ([what, pattern]) => pattern.test(line) && !(what === 'a branch on an HTTP status' && path === STATUS_READER && /status === 401\b/.test(line)),
      ).map(([what]) => `${path}:${i + 1}: ${what}: ${line.trim()}`),
    ),
  );
  expect(found).toEqual([]);
});
