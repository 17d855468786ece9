import { startTestApp } from './helpers/app';
const t = await startTestApp();
const doc = await (await t.app.handle(new Request('http://linkhop.test/api/openapi.json'))).json();
const out: Record<string, string[]> = {};
for (const [path, ops] of Object.entries<any>(doc.paths)) for (const [m, op] of Object.entries<any>(ops)) out[`${m.toUpperCase()} ${path}`] = Object.keys(op.responses).sort();
await Bun.write(process.argv[2]!, JSON.stringify(out, null, 1));
await t.close();
process.exit(0);
