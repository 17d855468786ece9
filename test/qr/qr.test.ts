import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { RATE_LIMITS } from '../../core/plans';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
let me: { userId: string; workspaceId: string; key: string };
let link: any;
beforeAll(async () => {
  t = await startTestApp();
  me = await t.bootstrap({ plan: 'free' });
  const res = await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target: 'https://example.com/qr-target', slug: undefined } });
  link = res.body;
});
afterAll(() => t.close());

/** Raw request (the JSON helper would decode image bytes as text). */
async function qr(query = '', key = me.key, linkId = link.id, wsId = me.workspaceId) {
  return t.app.handle(new Request(`http://linkhop.test/api/workspaces/${wsId}/links/${linkId}/qr${query}`, { headers: { 'x-api-key': key } }));
}

function decodePng(bytes: Uint8Array) {
  const png = PNG.sync.read(Buffer.from(bytes));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { png, text: code?.data };
}

describe('GET /links/{id}/qr', () => {
  test('SVG by default: 400 px, black on white, encodes the short URL', async () => {
    const res = await qr();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-disposition')).toBeNull();
    const svg = await res.text();
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('width="400" height="400"');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
  });

  test('SVG colours, size and transparent background', async () => {
    let svg = await (await qr('?fg=1A2B3C&bg=fedcba&size=150')).text();
    expect(svg).toContain('width="150" height="150"');
    expect(svg.toLowerCase()).toContain('stroke="#1a2b3c"');
    expect(svg.toLowerCase()).toContain('fill="#fedcba"');
    svg = await (await qr('?bg=transparent&format=svg')).text();
    expect(svg).not.toContain('fill=');
    expect(svg).toContain('stroke="#000000"');
  });

  test('margin changes the quiet zone of the SVG view box', async () => {
    const viewBox = async (q: string) => Number(/viewBox="0 0 (\d+) \d+"/.exec(await (await qr(q)).text())![1]);
    const [m0, m2, m8] = [await viewBox('?margin=0'), await viewBox(''), await viewBox('?margin=8')];
    expect(m2 - m0).toBe(4);
    expect(m8 - m0).toBe(16);
  });

  test('PNG decodes (jsQR) to the link’s short_url at every error-correction level', async () => {
    for (const ec of ['L', 'M', 'Q', 'H']) {
      const res = await qr(`?format=png&size=300&ec=${ec}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const { png, text } = decodePng(new Uint8Array(await res.arrayBuffer()));
      expect(png.width).toBeGreaterThanOrEqual(299);
      expect(png.width).toBeLessThanOrEqual(300);
      expect(text).toBe(link.short_url);
    }
  });

  test('higher error correction means more modules; PNG colours are applied', async () => {
    const modules = async (ec: string) => Number(/viewBox="0 0 (\d+) \d+"/.exec(await (await qr(`?ec=${ec}&margin=0`)).text())![1]);
    expect(await modules('H')).toBeGreaterThan(await modules('L'));
    const res = await qr('?format=png&fg=ff0000&bg=00ff00&size=200&margin=4');
    const { png, text } = decodePng(new Uint8Array(await res.arrayBuffer()));
    expect(text).toBe(link.short_url);
    expect([...png.data.subarray(0, 4)]).toEqual([0, 255, 0, 255]); // corner: background
    const colours = new Set<string>();
    for (let i = 0; i < png.data.length; i += 4) colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`);
    expect(colours).toEqual(new Set(['255,0,0', '0,255,0']));
  });

  test('download=1|true answers as an attachment; other values inline', async () => {
    for (const [q, ext] of [
      ['?download=1', 'svg'],
      ['?download=true&format=png', 'png'],
    ] as const) {
      const res = await qr(q);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="qr-${link.slug}.${ext}"`);
    }
    expect((await qr('?download=0')).headers.get('content-disposition')).toBeNull();
  });

  test('400 for every invalid parameter', async () => {
    const bad: [string, RegExp][] = [
      ['?size=99', /size/],
      ['?size=2001', /size/],
      ['?size=abc', /size/],
      ['?size=150.5', /size/],
      ['?fg=000', /fg/],
      ['?fg=%23000000', /fg/],
      ['?fg=gggggg', /fg/],
      ['?bg=fff', /bg/],
      ['?bg=transparent&format=png', /transparent/],
      ['?margin=-1', /margin/],
      ['?margin=9', /margin/],
      ['?ec=X', /ec/],
      ['?format=gif', /format/],
    ];
    for (const [q, message] of bad) {
      const res = await qr(q);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as any).error).toMatch(message);
    }
    for (const q of ['?size=100', '?size=2000', '?margin=0', '?margin=8']) expect((await qr(q)).status, q).toBe(200);
  });

  test('401 without a key; 404 for unknown links and other workspaces’ links; viewers may read', async () => {
    const unauth = await t.app.handle(new Request(`http://linkhop.test/api/workspaces/${me.workspaceId}/links/${link.id}/qr`));
    expect(unauth.status).toBe(401);
    expect((await qr('', me.key, 'no-such-link')).status).toBe(404);
    const other = await t.bootstrap();
    expect((await qr('', other.key, link.id, other.workspaceId)).status).toBe(404);
    expect((await qr('', other.key, link.id, me.workspaceId)).status).toBe(404); // not a member
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
    expect((await qr('', viewer.key)).status).toBe(200);
  });

  test(`429 after ${RATE_LIMITS.qr.points} requests per minute per user`, async () => {
    const user = await memberWithKey(t, me.workspaceId, 'viewer');
    for (let i = 0; i < RATE_LIMITS.qr.points; i++) expect((await qr('?size=100', user.key)).status).toBe(200);
    const limited = await qr('?size=100', user.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // another user is not affected
    const other = await memberWithKey(t, me.workspaceId, 'viewer');
    expect((await qr('?size=100', other.key)).status).toBe(200);
  });
});

test('documented in OpenAPI with its image types and every parameter', async () => {
  const doc: any = await (await t.app.handle(new Request('http://linkhop.test/api/openapi.json'))).json();
  const qr = doc.paths['/api/workspaces/{wsId}/links/{linkId}/qr'].get;
  expect(Object.keys(qr.responses['200'].content).sort()).toEqual(['image/png', 'image/svg+xml']);
  expect(qr.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['format', 'size', 'fg', 'bg', 'margin', 'ec', 'download']));
});
