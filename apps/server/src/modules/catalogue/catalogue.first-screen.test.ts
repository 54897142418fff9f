import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createOperator } from './catalogue.fixtures';
import { FIRST_SCREEN_ID, injectFirstScreen, localeOfAcceptLanguage } from '../../platform/static';

// Issue 12 (Lighthouse): the server writes a catalogue page's first screen into the page it serves: the
// answers of the calls the page makes first and a preload of its largest picture, worked out from the
// catalogue as it is now (never fixed in the build).

const SHELL =
  '<!doctype html><html lang="zh-Hans"><head><title>SimShop</title></head><body><div id="root"></div></body></html>';

/** The build's chunk lists (apps/web vite config). */
const FIRST_LOAD = {
  locales: { en: '/assets/locale-en-1.js', es: '/assets/locale-es-1.js' },
  pages: {
    '/pages/index/home': {
      js: ['/assets/home-1.js', '/assets/catalogue-1.js'],
      css: ['/assets/catalogue-1.css'],
    },
    '/pages/goods/detail': { js: ['/assets/detail-1.js'], css: ['/assets/detail-1.css'] },
  },
};

type Block = { lang: string; servedAt: number; calls: { call: string; input: unknown; body: unknown }[] };

let t: TestApp;
let dist: string;
let op: { token: string };
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.writeFileSync(path.join(dist, 'first-load.json'), JSON.stringify(FIRST_LOAD));
  t = await createTestApp({ env: { WEB_DIST: dist } });
  op = await createOperator(t.ctx, 'catalogue');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, language = 'en-US,en;q=0.9', extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html,*/*;q=0.8', 'accept-language': language, ...extra },
  });

/** The data block of a served page, parsed as the browser would read it (the text of the script element). */
function blockOf(html: string): Block {
  const m = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">(.*?)</script>`, 's').exec(
    html,
  );
  expect(m, 'data block').not.toBeNull();
  return JSON.parse(m![1]!) as Block;
}
const preloadOf = (html: string) =>
  /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(html)?.[1];
const answer = (b: Block, c: string) => b.calls.find((x) => x.call === c);

describe('first screen written into the page', () => {
  it('home: the feed as the API answers it, and a preload of the first banner', async () => {
    const res = await page('/pages/index/home');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language/i);
    const feed = await call(t.app, 'GET', 'app/goods/home', { language: 'en' });
    const block = blockOf(res.body);
    expect(block.lang).toBe('en');
    expect(Math.abs(Date.now() - block.servedAt)).toBeLessThan(60_000);
    expect(answer(block, 'GET app/goods/home')).toEqual({
      call: 'GET app/goods/home',
      input: null,
      body: { code: 1000, data: feed.data, message: 'success' },
    });
    expect(block.calls).toHaveLength(1);
    expect(feed.data.banners.length).toBeGreaterThan(0);
    expect(preloadOf(res.body)).toBe(feed.data.banners[0].picture);
    // the page's own chunks and styles and its language's translations are named in its head, before the
    // app's code has run
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/catalogue-1.css">');
    for (const js of ['/assets/home-1.js', '/assets/catalogue-1.js', '/assets/locale-en-1.js'])
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="${js}">`);
    expect(head).not.toContain('locale-es');
    // the rest of the page is the build's, and `/` is home
    expect(res.body.startsWith('<!doctype html><html lang="zh-Hans"><head><title>SimShop</title>')).toBe(
      true,
    );
    expect(preloadOf((await page('/')).body)).toBe(feed.data.banners[0].picture);
  });

  it("speaks the browser's first language, as the app will start in", async () => {
    const res = await page('/pages/index/home', 'es-419,es;q=0.9,en;q=0.5');
    const block = blockOf(res.body);
    expect(block.lang).toBe('es');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/locale-es-1.js">');
    const feed = await call(t.app, 'GET', 'app/goods/home', { language: 'es' });
    expect((answer(block, 'GET app/goods/home')?.body as { data: unknown }).data).toEqual(feed.data);
    expect(localeOfAcceptLanguage('zh-TW,zh;q=0.9')).toBe('zh-Hant');
    expect(localeOfAcceptLanguage(undefined)).toBe('zh-Hans');
    expect(localeOfAcceptLanguage('de-DE,en;q=0.5')).toBe('zh-Hans');
  });

  it('follows the catalogue: a new first banner is the one preloaded, and its text cannot close the block', async () => {
    const title = '</script><script>alert(1)</script>';
    const added = await call(t.app, 'POST', 'admin/market/banner/add', {
      token: op.token,
      language: 'en',
      body: { texts: { en: { title } }, picture: '/static/catalogue/banner-wifi.svg?v=9', orderNum: -100 },
    });
    expect(added.code).toBe(1000);
    const res = await page('/pages/index/home');
    expect(preloadOf(res.body)).toBe('/static/catalogue/banner-wifi.svg?v=9');
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    const feed = answer(blockOf(res.body), 'GET app/goods/home')?.body as {
      data: { banners: { title: string }[] };
    };
    expect(feed.data.banners[0]?.title).toBe(title);
    await call(t.app, 'POST', 'admin/market/banner/delete', {
      token: op.token,
      language: 'en',
      body: { ids: [added.data.id] },
    });
    expect(preloadOf((await page('/pages/index/home')).body)).not.toBe(
      '/static/catalogue/banner-wifi.svg?v=9',
    );
  });

  it("category: the type tree and the chosen type's first goods page, as the app asks for them", async () => {
    const types = await call(t.app, 'POST', 'app/goods/type/list', { language: 'en' });
    for (const [url, typeId] of [
      ['/pages/index/category', types.data[0].id],
      [`/pages/index/category?typeId=${types.data[1].id}`, types.data[1].id],
    ] as const) {
      const block = blockOf((await page(url)).body);
      expect((answer(block, 'POST app/goods/type/list')?.body as { data: unknown }).data).toEqual(types.data);
      const input = { order: 'default', typeId, page: 1, size: 10 };
      const goods = await call(t.app, 'POST', 'app/goods/info/page', { language: 'en', body: input });
      expect(answer(block, 'POST app/goods/info/page')).toEqual({
        call: 'POST app/goods/info/page',
        input,
        body: { code: 1000, data: goods.data, message: 'success' },
      });
      const res = await page(url);
      expect(preloadOf(res.body)).toBe(goods.data.list[0].mainPic);
    }
  });

  it('goods list: its first page unfiltered or of one type; other filters are left to the app', async () => {
    const input = { order: 'default', page: 1, size: 10 };
    const goods = await call(t.app, 'POST', 'app/goods/info/page', { language: 'en', body: input });
    const res = await page('/pages/goods/list');
    expect(answer(blockOf(res.body), 'POST app/goods/info/page')?.input).toEqual(input);
    expect(preloadOf(res.body)).toBe(goods.data.list[0].mainPic);
    const typed = blockOf((await page('/pages/goods/list?typeId=1')).body);
    expect(answer(typed, 'POST app/goods/info/page')?.input).toEqual({ ...input, typeId: 1 });
    expect(answer(typed, 'POST app/goods/type/list')).toBeDefined();
    for (const url of ['/pages/goods/list?destination=JP', '/pages/goods/list?typeId=abc', '/pages/user/set'])
      expect((await page(url)).body, url).toBe(SHELL);
  });

  it("a plan's page: its goods as the API answers it, its first picture preloaded, its code named", async () => {
    const list = await call(t.app, 'POST', 'app/goods/info/page', {
      language: 'en',
      body: { order: 'default', page: 1, size: 10 },
    });
    const id: number = list.data.list[0].id;
    const detail = await call(t.app, 'GET', `app/goods/info/info?id=${id}`, { language: 'en' });
    expect(detail.code).toBe(1000);
    // the options a plan is opened with (a spec, a trip's days) do not change what the page asks for first
    for (const url of [`/pages/goods/detail?id=${id}`, `/pages/goods/detail?id=${id}&specId=3&from=x`]) {
      const res = await page(url);
      const block = blockOf(res.body);
      expect(block.calls).toEqual([
        {
          call: 'GET app/goods/info/info',
          input: { id },
          body: { code: 1000, data: detail.data, message: 'success' },
        },
      ]);
      const first: string = detail.data.pictures[0] ?? detail.data.mainPic;
      expect(first).toMatch(/^\//);
      expect(preloadOf(res.body)).toBe(first);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/detail-1.js">');
      expect(head).toContain('<link rel="stylesheet" href="/assets/detail-1.css">');
    }
    // a goods not shown (gone, or no id the app would read) is left to the app, which says so
    for (const url of [
      '/pages/goods/detail?id=987654',
      '/pages/goods/detail?id=0',
      '/pages/goods/detail?id=abc',
      '/pages/goods/detail',
    ])
      expect((await page(url)).body, url).toBe(SHELL);
  });

  it('is compressed, and the file itself (what the service worker caches) stays as built', async () => {
    const res = await page('/pages/index/home', 'en', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(blockOf(zlib.gunzipSync(res.rawPayload).toString()).lang).toBe('en');
    expect((await page('/index.html')).body).toBe(SHELL);
  });
});

describe('injectFirstScreen', () => {
  it('escapes the picture address and every < of the data', () => {
    const html = injectFirstScreen(
      SHELL,
      {
        calls: [{ call: 'GET x', input: { q: '<b>' }, json: '{"code":1000,"data":"</script>"}' }],
        image: '/a".svg',
      },
      'en',
      1,
    );
    expect(html).toContain('href="/a&quot;.svg"');
    expect(html).not.toContain('<b>');
    expect(blockOf(html).calls[0]).toEqual({
      call: 'GET x',
      input: { q: '<b>' },
      body: { code: 1000, data: '</script>' },
    });
  });
});
