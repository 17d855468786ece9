import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { t as types } from 'elysia';
import { createLogger } from '../../core/logger';
import { definePlugin } from '../../app/plugin-api';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * What reaches the database despite the edge checks: PostgreSQL's data exceptions (class 22) are
 * the caller's fault, a 400, never a 500; and no log line carries a failing statement or its
 * parameters (drizzle puts both in its error's message, `query` and `params`). A plugin route runs
 * the statements against the real database (PGlite, or PostgreSQL under TEST_DATABASE_URL).
 */
const SECRET = 'param-that-must-not-be-logged';
const lines: string[] = [];
let t: TestApp;
let key: string;

const probe = definePlugin({
  name: 'db-probe',
  setup(ctx) {
    const run = (path: string, statement: (value: string) => ReturnType<typeof sql>) =>
      ctx.route({
        method: 'POST',
        path,
        access: true,
        summary: 'Runs a statement with the body value',
        body: types.Object({ value: types.String() }, { example: { value: 'x' } }),
        response: types.Object({}),
        async handler({ body }) {
          await t.deps.db.execute(statement(body.value));
          return {};
        },
      });
    run('/date', (value) => sql`select ${value}::date as day`);
    run('/number', (value) => sql`select ${value}::smallint as n`);
    run('/missing-table', (value) => sql`select * from no_such_table where note = ${value}`);
  },
});

beforeAll(async () => {
  t = await startTestApp({ plugins: [probe], log: createLogger('info', { write: (line: string) => void lines.push(line) }) });
  ({ key } = await t.bootstrap());
});
afterAll(() => t.close());

const call = (path: string, value: string) =>
  t.app.handle(
    new Request(`http://linkhop.test/api/plugins/db-probe${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ value }),
    }),
  );

test('a PostgreSQL data exception (22xxx) answers 400 {error}, logged with its code only', async () => {
  // the codes differ between PostgreSQL and PGlite (22007/22008/22023, 22003): the class is what counts
  for (const [path, value] of [
    ['/date', `2024-02-30 ${SECRET}`],
    ['/date', '2024-02-30'],
    ['/number', '99999'],
  ] as const) {
    lines.length = 0;
    const res = await call(path, value);
    expect({ path, value, status: res.status, body: await res.json() }).toEqual({
      path,
      value,
      status: 400,
      body: { error: 'Invalid input: a value the database cannot store (out of range or malformed)', code: 'invalid' },
    });
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'input refused by the database');
    expect(logged).toMatchObject({ level: 40, code: expect.stringMatching(/^22/), method: 'POST', path: `/api/plugins/db-probe${path}` });
    expect(lines.join('\n')).not.toContain('select');
    expect(lines.join('\n')).not.toContain(value);
  }
});

test('an unhandled database error is a 500 whose log line has the error code but neither the statement nor its parameters', async () => {
  lines.length = 0;
  const res = await call('/missing-table', SECRET);
  expect(res.status).toBe(500);
  const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
  expect(logged).toMatchObject({ level: 50, code: '42P01', err: { message: expect.stringContaining('Failed query (statement and parameters not logged)') } });
  const text = lines.join('\n');
  for (const leak of ['no_such_table where', 'select *', SECRET, '"query"', '"params"'])
    expect({ leak, found: text.includes(leak) }).toEqual({ leak, found: false });
});
