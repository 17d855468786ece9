import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PNG } from 'pngjs';
import { PLAN_LIMITS } from '../../core/plans';
import { LOGO_MAX_BYTES } from '../../modules/qr/logo-image';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { decodePng, logoJpeg, logoPng, uploadLogo } from './logo-fixtures';

let t: TestApp;
let me: { userId: string; workspaceId: string; key: string };
let link: any;
beforeAll(async () => {
  t = await startTestApp();
  me = await t.bootstrap({ plan: 'pro' });
  link = (await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target: 'https://example.com/qr-logo' } })).body;
});
afterAll(() => t.close());

/** Raw QR request (the JSON helper would decode image bytes as text). */
async function qr(query: string, key: string, wsId = me.workspaceId, linkId = link.id) {
  return t.app.handle(new Request(`http://linkhop.test/api/workspaces/${wsId}/links/${linkId}/qr${query}`, { headers: { 'x-api-key': key } }));
}

/**
 * An editor of the workspace with a QR budget (30 a minute per user) of their own, for the tests that
 * spend much of one; the others share one editor (a workspace holds at most 10 keys).
 */
const editor = async () => (await memberWithKey(t, me.workspaceId, 'editor')).key;
let shared: Promise<string> | undefined;
const sharedEditor = () => (shared ??= editor());

const svgModules = (svg: string) => Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);

describe('uploading a logo', () => {
  test('a PNG as the body: 201 with its size; the same file again is the same logo (200); a JPEG and a multipart form too', async () => {
    const key = await editor();
    const png = logoPng(256, 1);
    const first = await uploadLogo(t, me.workspaceId, key, png);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ content_type: 'image/png', width: 256, height: 256, bytes: png.byteLength, workspace_logo: false });
    const again = await uploadLogo(t, me.workspaceId, key, png);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    // the declared type does not matter: the bytes say JPEG
    const jpg = await uploadLogo(t, me.workspaceId, key, logoJpeg(120), { contentType: 'application/octet-stream' });
    expect(jpg.status).toBe(201);
    expect(jpg.body).toMatchObject({ content_type: 'image/jpeg', width: 120, height: 120 });

    const form = new FormData();
    form.set('file', new Blob([logoPng(64, 2)]), 'logo.png');
    const res = await t.app.handle(
      new Request(`http://linkhop.test/api/workspaces/${me.workspaceId}/qr/logos?workspace_logo=true`, {
        method: 'POST',
        headers: { 'x-api-key': key },
        body: form,
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ width: 64, workspace_logo: true });

    const list = (await t.api('GET', `/workspaces/${me.workspaceId}/qr/logos`, { key: key })).body.logos;
    expect(list.map((l: any) => l.id)).toEqual(expect.arrayContaining([first.body.id, jpg.body.id]));
    expect(list.filter((l: any) => l.workspace_logo)).toHaveLength(1);
  });

  test('the logo file is served back as it came, as an inert image', async () => {
    const key = await sharedEditor();
    const png = logoPng(32, 3);
    const { body } = await uploadLogo(t, me.workspaceId, key, png);
    const res = await t.app.handle(new Request(`http://linkhop.test/api/workspaces/${me.workspaceId}/qr/logos/${body.id}`, { headers: { 'x-api-key': key } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  test('refusals: SVG, other types, forged and truncated files, too many bytes or pixels, a decompression bomb', async () => {
    const key = await editor();
    const png = logoPng(64, 4);
    // a PNG header declaring 100 000 × 100 000 pixels over a few bytes of zlib: 40 GB once decoded
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const big = Buffer.from(PNG.sync.write(Object.assign(new PNG({ width: 2048, height: 16 }), {})));
    const tiny = Buffer.from(PNG.sync.write(new PNG({ width: 8, height: 8 })));
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fakePng = Buffer.concat([png.subarray(0, 33), Buffer.from('<script>alert(1)</script>'.repeat(20))]);
    const truncated = png.subarray(0, png.byteLength - 40);
    // a JPEG whose frame header claims 60 000 × 60 000 pixels
    const jpg = Buffer.from(logoJpeg(32));
    const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]));
    jpg.writeUInt16BE(60_000, sof + 5);
    jpg.writeUInt16BE(60_000, sof + 7);
    const overweight = new Uint8Array(LOGO_MAX_BYTES + 1);
    overweight.set(png);
    const cases: [string, Uint8Array, RegExp, string?][] = [
      ['svg with a script', svg, /PNG or JPEG.*SVG/],
      ['svg sent as image/png', svg, /PNG or JPEG/],
      ['gif', gif, /PNG or JPEG.*image\/gif/],
      ['empty', new Uint8Array(), /empty/],
      ['forged PNG (signature, then text)', fakePng, /cannot be decoded/],
      ['truncated PNG', truncated, /cannot be decoded/],
      ['decompression bomb', bomb, /100000 × 100000 pixels; at most 1024 × 1024/],
      ['too wide', big, /2048 × 16 pixels; at most 1024/],
      ['too small', tiny, /8 × 8 pixels; at least 16/],
      ['JPEG frame of 60 000 px', jpg, /pixels|cannot be decoded/],
      ['over the byte bound', overweight, /at most 524288/, 'too_large'],
    ];
    for (const [name, bytes, message, code] of cases) {
      const res = await uploadLogo(t, me.workspaceId, key, bytes);
      expect(res.status, name).toBe(400);
      expect(res.body.field, name).toBe('file');
      expect(res.body.code, name).toBe(code ?? 'invalid');
      expect(res.body.error, name).toMatch(message);
    }
    // nothing of those was stored
    const list = (await t.api('GET', `/workspaces/${me.workspaceId}/qr/logos`, { key: key })).body.logos;
    expect(list.some((l: any) => l.width > 1024 || l.width < 16)).toBe(false);
  });

  test('a body sent as text is 415; a multipart form without `file` is 400; over the 1 MB request bound is 413 before it is read', async () => {
    const key = await sharedEditor();
    const text = await uploadLogo(t, me.workspaceId, key, new TextEncoder().encode('a logo, in words'), { contentType: 'text/plain' });
    expect(text.status, JSON.stringify(text.body)).toBe(415);
    const form = new FormData();
    form.set('logo', 'not a file');
    const res = await t.app.handle(
      new Request(`http://linkhop.test/api/workspaces/${me.workspaceId}/qr/logos`, { method: 'POST', headers: { 'x-api-key': key }, body: form }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'file', code: 'required' });
    const huge = await t.request(`/api/workspaces/${me.workspaceId}/qr/logos`, {
      host: 'linkhop.test',
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'image/png' },
      body: new Uint8Array(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  test('viewers may not upload, change or delete logos; other workspaces see none of them', async () => {
    const key = await sharedEditor();
    const { body: logo } = await uploadLogo(t, me.workspaceId, key, logoPng(48, 5));
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
    expect((await uploadLogo(t, me.workspaceId, viewer.key, logoPng(48, 6))).status).toBe(403);
    expect((await t.api('PATCH', `/workspaces/${me.workspaceId}/qr/logos/${logo.id}`, { key: viewer.key, body: { workspace_logo: true } })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/qr/logos/${logo.id}`, { key: viewer.key })).status).toBe(403);

    const other = await t.bootstrap();
    expect((await t.api('GET', `/workspaces/${other.workspaceId}/qr/logos`, { key: other.key })).body.logos).toEqual([]);
    for (const [method, path, body] of [
      ['PATCH', `/workspaces/${other.workspaceId}/qr/logos/${logo.id}`, { workspace_logo: true }],
      ['DELETE', `/workspaces/${other.workspaceId}/qr/logos/${logo.id}`, undefined],
      ['GET', `/workspaces/${other.workspaceId}/qr/logos/${logo.id}`, undefined],
    ] as const) {
      const res = await t.app.handle(
        new Request(`http://linkhop.test/api${path}`, {
          method,
          headers: { 'x-api-key': other.key, 'content-type': 'application/json' },
          body: body && JSON.stringify(body),
        }),
      );
      expect(res.status, method).toBe(404);
    }
    // still there, unchanged
    const mine = (await t.api('GET', `/workspaces/${me.workspaceId}/qr/logos`, { key: key })).body.logos;
    expect(mine.find((l: any) => l.id === logo.id)).toMatchObject({ workspace_logo: false });
  });

  test('one workspace logo at a time; PATCH moves the mark, DELETE removes the logo', async () => {
    const key = await sharedEditor();
    const a = (await uploadLogo(t, me.workspaceId, key, logoPng(40, 7))).body;
    const b = (await uploadLogo(t, me.workspaceId, key, logoPng(40, 8))).body;
    await Promise.all([a, b].map((l) => t.api('PATCH', `/workspaces/${me.workspaceId}/qr/logos/${l.id}`, { key: key, body: { workspace_logo: true } })));
    let marked = (await t.api('GET', `/workspaces/${me.workspaceId}/qr/logos`, { key: key })).body.logos.filter((l: any) => l.workspace_logo);
    expect(marked).toHaveLength(1);
    const patched = await t.api('PATCH', `/workspaces/${me.workspaceId}/qr/logos/${a.id}`, { key: key, body: { workspace_logo: true } });
    expect(patched.body).toMatchObject({ id: a.id, workspace_logo: true });
    marked = (await t.api('GET', `/workspaces/${me.workspaceId}/qr/logos`, { key: key })).body.logos.filter((l: any) => l.workspace_logo);
    expect(marked.map((l: any) => l.id)).toEqual([a.id]);
    expect((await t.api('PATCH', `/workspaces/${me.workspaceId}/qr/logos/${a.id}`, { key: key, body: { workspace_logo: 'yes' } })).status).toBe(400);
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/qr/logos/${b.id}`, { key: key })).body).toEqual({ ok: true });
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/qr/logos/${b.id}`, { key: key })).status).toBe(404);
    expect((await qr(`?logo=${b.id}`, key)).status).toBe(404);
  });

  test(`at most ${PLAN_LIMITS.qrLogos.free} logos a workspace (402); the same file again still answers`, async () => {
    const ws = await t.bootstrap({ plan: 'free' });
    const first = logoPng(16, 100);
    for (let i = 0; i < PLAN_LIMITS.qrLogos.free; i++) expect((await uploadLogo(t, ws.workspaceId, ws.key, i ? logoPng(16, 100 + i) : first)).status).toBe(201);
    const over = await uploadLogo(t, ws.workspaceId, ws.key, logoPng(16, 99));
    expect(over.status).toBe(402);
    expect(over.body.code).toBe('limit_reached');
    expect((await uploadLogo(t, ws.workspaceId, ws.key, first)).status).toBe(200);
  }, 60_000);
});

describe('GET …/qr with a logo', () => {
  let pngLogo: string;
  let jpegLogo: string;
  beforeAll(async () => {
    pngLogo = (await uploadLogo(t, me.workspaceId, me.key, logoPng(300, 9))).body.id;
    jpegLogo = (await uploadLogo(t, me.workspaceId, me.key, logoJpeg(200))).body.id;
  });

  test('PNG still scans to the short URL (jsQR) at several sizes, colours and quiet zones, with a PNG or a JPEG logo', async () => {
    const key = await editor();
    const cases: [string, string, string, number][] = [
      ['150', '000000', 'ffffff', 2],
      ['200', '1a3c8e', 'ffffff', 2],
      ['300', '7a1f1f', 'fff8e7', 4],
      ['400', '000000', 'ffffff', 0],
      ['800', '2d6a4f', 'ffffff', 2],
      ['2000', '000000', 'ffffff', 4],
    ];
    for (const logo of [pngLogo, jpegLogo]) {
      for (const [size, fg, bg, margin] of cases) {
        const res = await qr(`?format=png&logo=${logo}&size=${size}&fg=${fg}&bg=${bg}&margin=${margin}`, key);
        expect(res.status).toBe(200);
        const { png, text } = decodePng(new Uint8Array(await res.arrayBuffer()));
        expect(text, `${logo} ${size} ${fg}`).toBe(link.short_url);
        // the logo is there: its colour (or the JPEG's) at the centre, which no module has
        const c = ((png.height >> 1) * png.width + (png.width >> 1)) * 4;
        const centre = [...png.data.subarray(c, c + 3)].join(',');
        expect([`0,0,0`, '255,255,255', ...[fg, bg].map((h) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).join(','))]).not.toContain(centre);
      }
    }
  }, 120_000);

  test('error correction is H whatever ec says, and only with a logo', async () => {
    const key = await sharedEditor();
    const h = svgModules(await (await qr('?ec=H', key)).text());
    expect(svgModules(await (await qr('?ec=L', key)).text())).toBeLessThan(h);
    expect(svgModules(await (await qr(`?ec=L&logo=${pngLogo}`, key)).text())).toBe(h);
  });

  test('SVG: the logo is an <image> of the uploaded bytes over cleared modules; nothing else is added', async () => {
    const key = await sharedEditor();
    const plain = await (await qr('?ec=H', key)).text();
    const svg = await (await qr(`?logo=${pngLogo}&fg=1a3c8e`, key)).text();
    const images = [...svg.matchAll(/<image [^>]*href="data:image\/png;base64,([^"]+)"/g)];
    expect(images).toHaveLength(1);
    const stored = await t.app.handle(
      new Request(`http://linkhop.test/api/workspaces/${me.workspaceId}/qr/logos/${pngLogo}`, { headers: { 'x-api-key': key } }),
    );
    expect(Buffer.from(images[0]![1]!, 'base64')).toEqual(Buffer.from(await stored.arrayBuffer()));
    // fewer module runs drawn than without the logo: the square under it is cleared
    const runs = (s: string) => (/stroke="[^"]+" d="([^"]+)"/.exec(s)![1]!.match(/h/g) ?? []).length;
    expect(runs(svg)).toBeLessThan(runs(plain.replace('stroke="#000000"', 'stroke="#1a3c8e"')));
    expect(svg).not.toMatch(/<script|on\w+=|javascript:/i);
    // transparent background: still no fill, the logo still there
    const clear = await (await qr(`?logo=${jpegLogo}&bg=transparent`, key)).text();
    expect(clear).not.toContain('fill=');
    expect(clear).toContain('href="data:image/jpeg;base64,');
  });

  test('logo=workspace draws the workspace logo; without one it is a 400 on `logo`', async () => {
    const ws = await t.bootstrap();
    const l = (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/ws-logo' } })).body;
    let res = await qr('?logo=workspace', ws.key, ws.workspaceId, l.id);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'logo', code: 'invalid' });
    await uploadLogo(t, ws.workspaceId, ws.key, logoJpeg(64), { query: '?workspace_logo=true' });
    res = await qr('?logo=workspace&format=png', ws.key, ws.workspaceId, l.id);
    expect(res.status).toBe(200);
    expect(decodePng(new Uint8Array(await res.arrayBuffer())).text).toBe(l.short_url);
    expect(await (await qr('?logo=workspace', ws.key, ws.workspaceId, l.id)).text()).toContain('data:image/jpeg;base64,');
  });

  test('another workspace’s logo id is 404 on `logo`, as an unknown one; a malformed one is 400', async () => {
    const key = await sharedEditor();
    const other = await t.bootstrap();
    const theirs = (await uploadLogo(t, other.workspaceId, other.key, logoPng(64, 11))).body.id;
    for (const id of [theirs, 'no-such-logo']) {
      const res = await qr(`?logo=${id}`, key);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ field: 'logo', code: 'not_found' });
    }
    for (const bad of ['%3Cscript%3E', 'a'.repeat(65), '..%2F..%2Fetc']) {
      const res = await qr(`?logo=${bad}`, key);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as any).error).toMatch(/logo/);
    }
  });
});

test('OpenAPI documents the logo parameter and the logo routes', async () => {
  const doc: any = await (await t.app.handle(new Request('http://linkhop.test/api/openapi.json'))).json();
  expect(doc.paths['/api/workspaces/{wsId}/links/{linkId}/qr'].get.parameters.map((p: any) => p.name)).toContain('logo');
  const upload = doc.paths['/api/workspaces/{wsId}/qr/logos'].post;
  expect(Object.keys(upload.requestBody.content).sort()).toEqual(['image/jpeg', 'image/png', 'multipart/form-data']);
  expect(Object.keys(doc.paths['/api/workspaces/{wsId}/qr/logos/{logoId}']).sort()).toEqual(['delete', 'get', 'patch']);
});
