import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { call, createTestApp, PRODUCTION_ENV, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  // no web build here: the API alone must work
  t = await createTestApp({ env: { WEB_DIST: path.join(os.tmpdir(), 'simshop-no-web-build') } });
});
afterAll(async () => t.close());

describe('envelope', () => {
  it('wraps success as code 1000 with data and a message', async () => {
    const res = await call(t.app, 'GET', 'app/app/version/check', { query: { code: '100' } });
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ code: 1000, message: 'success' });
    expect(res.data).toHaveProperty('hasUpdate', false);
  });

  it('answers an unknown route with HTTP 404 and code 1002, for any method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(t.app, method, 'app/nothing/here', { body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res).toMatchObject({ code: 1002, data: null, message: 'Not found' });
    }
  });

  it('answers malformed JSON with a validation code, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/dict/info/data',
      payload: '{"types": [',
      headers: { 'content-type': 'application/json', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1001, message: 'request: has an invalid format' });
  });

  it('answers an oversized JSON body with a clear message naming its route class cap', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/dict/info/data',
      payload: JSON.stringify({ types: ['x'], padding: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 2031, message: 'The request is too large (at most 256 KB)' });
  });

  it('refuses an auth route without a token, or with a dead one, with HTTP 401', async () => {
    const none = await call(t.app, 'POST', 'app/base/comm/upload', { body: {} });
    expect(none.status).toBe(401);
    expect(none.code).toBe(2000);
    const dead = await call(t.app, 'POST', 'app/base/comm/upload', { body: {}, token: 'not-a-token' });
    expect(dead.status).toBe(401);
  });

  it('answers 401 before judging the body, so a visitor learns to log in rather than fix fields', async () => {
    const res = await call(t.app, 'POST', 'app/user/info/updatePerson', { body: { nickname: '' } });
    expect(res.status).toBe(401);
  });

  it('tags every answer, errors included, with a request id', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/app/app/version/check' });
    const b = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('languages', () => {
  const wrongType: Record<string, string> = {
    en: 'has the wrong type',
    'zh-Hans': '类型不正确',
    'zh-Hant': '類型不正確',
    es: 'tiene un tipo incorrecto',
    fr: 'a un type incorrect',
  };
  it('names the field and the rule of a validation error in each of the five languages', async () => {
    for (const [language, rule] of Object.entries(wrongType)) {
      const res = await call(t.app, 'GET', 'app/app/version/check', { query: { code: 'abc' }, language });
      expect(res.status).toBe(200);
      expect(res.code).toBe(1001);
      expect(res.data).toEqual({ field: 'code' });
      expect(res.message, language).toContain(rule);
    }
    const missingKey: Record<string, string> = {
      en: 'Parameter: is required',
      'zh-Hans': '参数不能为空',
      'zh-Hant': '參數不能為空',
      es: 'Parámetro: es obligatorio',
      fr: 'Paramètre : est obligatoire',
    };
    for (const [language, message] of Object.entries(missingKey)) {
      const res = await call(t.app, 'GET', 'app/base/comm/param', { language });
      expect(res.message).toBe(message);
    }
  });

  it('falls back by region and prefix, and to zh-Hans for anything else', async () => {
    const notFound = async (language: string) => (await call(t.app, 'GET', 'app/nope', { language })).message;
    expect(await notFound('zh-TW')).toBe('資料不存在');
    expect(await notFound('fr-CA')).toBe('Introuvable');
    expect(await notFound('es-MX')).toBe('No encontrado');
    expect(await notFound('de')).toBe('数据不存在');
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' }); // no language header at all
    expect(res.json().message).toBe('数据不存在');
  });
});

describe('rate limit', () => {
  it('answers the 6th call in a minute with 429 and code 1004 when the limit is 5', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '5' }, seed: false });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 6; i++) {
        last = await call(limited.app, 'GET', 'app/base/comm/uploadMode', { language: 'fr' });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(last).toMatchObject({ code: 1004, message: 'Trop de requêtes, veuillez réessayer plus tard' });
    } finally {
      await limited.close();
    }
  });
});

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

describe('OpenAPI document', () => {
  it('is OpenAPI 3 and lists every /api route with its request and response schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/swagger/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\./);

    const apiRoutes = t.ctx.routes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/swagger/json');
    expect(apiRoutes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const r of apiRoutes) {
      const where = `${r.method} ${r.url}`;
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      if (!op) {
        problems.push(`${where}: missing from the document`);
        continue;
      }
      const schema = r.schema ?? {};
      // JSON answers, and the CSV export (text/csv)
      if (!Object.values(op.responses?.['200']?.content ?? {}).some((c) => c.schema))
        problems.push(`${where}: no response schema`);
      if (schema.body && !Object.values(op.requestBody?.content ?? {}).some((c) => c.schema))
        problems.push(`${where}: request body not documented`);
      if (schema.querystring && !op.parameters?.some((p) => p.in === 'query'))
        problems.push(`${where}: query parameters not documented`);
    }
    expect(problems).toEqual([]);

    // every $ref points at a schema the document defines (recursive schemas such as DictItem)
    const text = res.body;
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs).toContain('DictItem');
    const components =
      (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
    expect(refs.filter((id) => !(id in components))).toEqual([]);

    const upload = doc.paths['/api/app/base/comm/upload']?.post;
    expect(upload?.requestBody?.content['multipart/form-data']?.schema?.properties?.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});

describe('configuration', () => {
  const production = { APP_MODE: 'production', PUBLIC_URL: 'https://shop.example' };
  it('refuses the demo secret in production', () => {
    expect(() => loadConfig(production)).toThrow(/APP_SECRET/);
  });
  it('refuses captcha test mode in production, but not in demo mode', () => {
    const secret = 'a-real-production-secret-of-enough-length-123456';
    expect(() => loadConfig({ ...production, APP_SECRET: secret, CAPTCHA_TEST_MODE: '1' })).toThrow(
      /CAPTCHA_TEST_MODE/,
    );
    let message = '';
    try {
      loadConfig({ ...production, APP_SECRET: secret });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toMatch(/^(APP_SECRET|CAPTCHA_TEST_MODE):/m);
    expect(loadConfig({ CAPTCHA_TEST_MODE: '1' }).captchaTestMode).toBe(true);
  });

  it('runs in production mode, not the demo, when NODE_ENV=production and APP_MODE is unset', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    // the demo's secret, operator password, outbox and missing address are all refused
    for (const key of [
      'APP_SECRET',
      'ADMIN_INITIAL_PASSWORD',
      'WECHAT_APP_SECRET',
      'PUBLIC_URL',
      'TWILIO_ACCOUNT_SID',
    ])
      expect(message).toMatch(new RegExp(`^${key}:`, 'm'));
    const ok = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_ENV, APP_MODE: undefined });
    expect(ok).toMatchObject({ mode: 'production', demo: false, sms: { provider: 'twilio' } });
    expect(loadConfig({ NODE_ENV: 'production', APP_MODE: 'demo' }).demo).toBe(true);
  });

  it('refuses the demo outbox for SMS in production', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, SMS_PROVIDER: 'outbox' })).toThrow(/SMS_PROVIDER/);
  });

  it('stays the demo with outbox and simulators on a fresh checkout (no settings)', () => {
    expect(loadConfig({})).toMatchObject({ mode: 'demo', demo: true, sms: { provider: 'outbox' } });
    expect(loadConfig({ NODE_ENV: 'development' }).mode).toBe('demo');
  });

  it('prepares PostgreSQL statements unless DATABASE_PREPARED_STATEMENTS=0; refuses other values', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('trusts no proxy by default; a hop count or a list of addresses and CIDRs when set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });
});

describe('web app', () => {
  let web: TestApp;
  let dist: string;
  const indexHtml = `<!doctype html><html><head><title>SimShop</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  const appJs = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), appJs);
    // as the web build leaves it: brotli beside a chunk (apps/web vite.config precompress)
    fs.writeFileSync(path.join(dist, 'assets', 'framework-77aa01.js'), appJs);
    fs.writeFileSync(path.join(dist, 'assets', 'framework-77aa01.js.br'), zlib.brotliCompressSync(appJs));
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"SimShop"}');
    fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
    web = await createTestApp({ env: { WEB_DIST: dist }, seed: false });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    web.app.inject({ method: 'GET', url, headers });
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves the shell at / and at any page path on reload, never cached stale', async () => {
    // (home, category and the goods list also carry their first screen: modules/catalogue/catalogue.first-screen.test.ts)
    for (const url of [
      '/pages/user/set',
      '/pages/goods/detail?id=3',
      '/uni_modules/cool-app/pages/version/demo',
    ]) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
    }
    const home = await get('/', html);
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets for a year, compressed', async () => {
    const res = await get('/assets/index-3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(appJs);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's precompressed file as it is to a client that takes it, else compresses", async () => {
    const br = await get('/assets/framework-77aa01.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);
    // no .gz beside it: compressed on the fly
    const gz = await get('/assets/framework-77aa01.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(appJs);
    const plain = await get('/assets/framework-77aa01.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('compresses the HTML shell and JSON answers', async () => {
    const page = await get('/pages/index/my', { ...html, 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(indexHtml);
    const json = await get('/api/swagger/json', { 'accept-encoding': 'gzip' });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(json.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('compresses an answer built per request at BROTLI_QUALITY, not the archival 11 of zlib', async () => {
    const doc = await get('/api/swagger/json', { 'accept-encoding': 'br' });
    expect(doc.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(doc.rawPayload);
    expect(JSON.parse(text.toString()).openapi).toMatch(/^3\./);
    // made at BROTLI_QUALITY, not 11: 11 packs it smaller (at ~50 times the CPU)
    const archival = zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(doc.rawPayload.length).toBeGreaterThan(archival.length * 1.05);
  });

  it('never inflates a request body: a gzip-encoded one is refused as a bad format, in the caller language', async () => {
    const res = await web.app.inject({
      method: 'POST',
      url: '/api/app/goods/info/page',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', language: 'en' },
      payload: zlib.gzipSync(JSON.stringify({ page: 1, size: 20 })),
    });
    expect(res.json()).toEqual({ code: 1001, data: null, message: 'request: has an invalid format' });
  });

  it('keeps API, uploads, dev and simulator paths out of the fallback, and missing assets 404', async () => {
    for (const url of [
      '/api/app/nope',
      '/api',
      '/uploads/2020-01/nothing.png',
      '/dev/nothing',
      '/sim/nothing',
      '/assets/gone-123.js',
    ]) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(1002);
    }
  });

  it('does not answer scripts and data requests with the page, nor serve dotfiles or paths outside the build', async () => {
    expect((await get('/missing.json', { accept: 'application/json' })).statusCode).toBe(404);
    const dot = await get('/.env', html);
    expect(dot.body).not.toContain('SECRET');
    const traversal = await get('/..%2F..%2Fetc%2Fpasswd', html);
    expect(traversal.body).not.toContain('root:');
  });
});

describe('operator console', () => {
  let both: TestApp;
  let webOnly: TestApp;
  const dirs: string[] = [];
  const shopHtml = '<!doctype html><html><head><title>SimShop</title></head><body>shop</body></html>';
  const adminHtml = '<!doctype html><html><head><title>Console</title></head><body>console</body></html>';
  const build = (html: string, asset: string) => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-dist-'));
    dirs.push(dist);
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'assets', asset), 'console.log(1)');
    return dist;
  };
  beforeAll(async () => {
    const web = build(shopHtml, 'index-aaa111.js');
    const admin = build(adminHtml, 'index-bbb222.js');
    both = await createTestApp({ env: { WEB_DIST: web, ADMIN_DIST: admin }, seed: false });
    webOnly = await createTestApp({
      env: { WEB_DIST: web, ADMIN_DIST: path.join(os.tmpdir(), 'simshop-no-admin-build') },
      seed: false,
    });
  });
  afterAll(async () => {
    await both.close();
    await webOnly.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves the console at /admin/ and on reload of any console page, with its own CSP', async () => {
    for (const url of ['/admin/', '/admin/orders/show/3', '/admin/login?to=%2Forders']) {
      const res = await both.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(adminHtml);
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('tappay');
    }
    const asset = await both.app.inject({ method: 'GET', url: '/admin/assets/index-bbb222.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      (await both.app.inject({ method: 'GET', url: '/admin/assets/gone.js', headers: html })).statusCode,
    ).toBe(404);
  });

  it("leads /admin and the shop's /pages/index/admin to the console; the shop stays at /", async () => {
    for (const url of ['/admin', '/pages/index/admin']) {
      const res = await both.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/admin/');
    }
    const shop = await both.app.inject({ method: 'GET', url: '/pages/user/set', headers: html });
    expect(shop.body).toBe(shopHtml);
    expect(String(shop.headers['content-security-policy'])).toContain('tappay');
  });

  it('never answers /admin with the shop when the console is not built', async () => {
    const res = await webOnly.app.inject({ method: 'GET', url: '/admin/orders', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('shop');
  });
});
