import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// A visitor finds a plan in two languages, looks at it closely, reads its reviews, and is asked to log in to buy.

type Spec = { id: number; name: string; price: number; currency: string; stock: number; soldOut: boolean };
type Goods = { id: number; title: string; specs: Spec[] };

let server: RunningServer;
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;

/** A catalogue call as the app makes it, to know what the screen should show. */
async function api<T>(url: string, language: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { language, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; data: T };
  expect(env.code).toBe(1000);
  return env.data;
}

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    trailingZeroDisplay: 'stripIfInteger',
  } as Intl.NumberFormatOptions).format(minor / 100);

async function useLanguage(lang: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
}

const shot = (name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `catalogue-${name}.png`), fullPage: false });

/** Waits until every <img> on screen has loaded (the screenshots must not catch half-drawn pictures). */
async function picturesLoaded() {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((i) => {
        const r = i.getBoundingClientRect();
        return r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
      })
      .every((i) => i.complete && i.naturalWidth > 0),
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('catalogue journey', () => {
  it('home shows banners, categories, destinations and recommended goods', async () => {
    await page.goto(`${server.url}/`);
    await useLanguage('en');
    await page.reload();
    await page.getByRole('region', { name: 'Promotions' }).waitFor();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first().waitFor();
    await page.getByRole('heading', { name: 'Popular destinations' }).waitFor();
    await page.getByRole('heading', { name: 'Recommended for you' }).waitFor();
    await picturesLoaded();
    await shot('home');
  });

  it('finds the Japan plans by "日本" in Simplified Chinese', async () => {
    const [plan] = (
      await api<{ list: Goods[] }>('app/goods/info/page', 'zh-Hans', { keyWord: '日本', size: 1 })
    ).list;
    if (!plan) throw new Error('the API found no plan for "日本"');
    await useLanguage('zh-Hans');
    await page.goto(`${server.url}/pages/goods/search`);
    await page.getByRole('heading', { level: 1, name: '搜索商品' }).waitFor();
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('日本');
    await page.getByRole('link', { name: plan.title }).first().waitFor();
    expect(plan.title).toContain('日本');
  });

  it('finds them by "Japan" in English, and opens a plan', async () => {
    await useLanguage('en');
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Search goods' }).click();
    await page.getByRole('heading', { level: 1, name: 'Search goods' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search goods' }).pressSequentially('Japan');
    const result = page.getByRole('link', { name: /Japan eSIM/ }).first();
    await result.waitFor();
    await expect(page.getByRole('heading', { name: /Results for “Japan”/ }).isVisible()).resolves.toBe(true);
    await result.click();
    await page.waitForURL(/\/pages\/goods\/detail\?id=\d+/);
    await page.getByRole('heading', { level: 1, name: 'Item details' }).waitFor();
  });

  it('picks a spec and sees its price and stock', async () => {
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const goods = await api<Goods>(`app/goods/info/info?id=${id}`, 'en');
    await page.getByRole('heading', { level: 2, name: goods.title }).waitFor();
    await page.getByRole('button', { name: /Option\s*Choose an option/ }).click();
    const sheet = page.getByRole('dialog', { name: `Choose an option of ${goods.title}` });
    await sheet.waitFor();
    const spec = goods.specs.find((s) => !s.soldOut && s.stock > 0)!;
    // each option says its price (issue 12)
    await sheet
      .getByRole('button', { name: `${spec.name} · ${money(spec.price, spec.currency)}`, exact: true })
      .click();
    await sheet.getByText(`In stock: ${spec.stock}`).waitFor();
    await sheet.getByText(money(spec.price, spec.currency), { exact: true }).waitFor();
    await expect(sheet.getByText(`Chosen: ${spec.name}`).isVisible()).resolves.toBe(true);
    for (const s of goods.specs.filter((x) => x.soldOut))
      await expect(sheet.getByRole('button', { name: new RegExp(s.name) }).isDisabled()).resolves.toBe(true);
    expect(new URL(page.url()).searchParams.get('specId')).toBe(String(spec.id));
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await picturesLoaded();
    await shot('detail');
  });

  it('opens the reviews, filters them, and comes back', async () => {
    await page
      .getByRole('region', { name: /Reviews \(\d+\)/ })
      .getByRole('link', { name: 'See all' })
      .click();
    await page.waitForURL(/\/pages\/goods\/comment\?goodsId=\d+/);
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Show reviews' });
    await tabs.getByRole('tab', { name: /^All \d+$/ }).waitFor();
    await page.locator('.cat-comment').first().waitFor();
    expect(await page.locator('.cat-comment').count()).toBeGreaterThan(0);
    await tabs.getByRole('tab', { name: /^5 stars/ }).click();
    // the tab is written into the address, which the router applies in a transition: wait for it to show
    await tabs.getByRole('tab', { name: /^5 stars/, selected: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('5');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Item details' }).waitFor();
  });

  it('is sent to login on add to cart, to come back to this plan', async () => {
    const detail = new URL(page.url());
    await page.getByRole('group', { name: 'Buy' }).getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/pages\/user\/login/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe(detail.pathname + detail.search);
    expect(redirect).toMatch(/specId=\d+/);
  });

  it('category and goods list show goods (screenshots)', async () => {
    await page.goto(`${server.url}/pages/index/category`);
    await page.getByRole('tablist', { name: 'Goods types' }).waitFor();
    await page.getByRole('tabpanel').getByRole('link').first().waitFor();
    await picturesLoaded();
    await shot('category');

    await page.goto(`${server.url}/pages/goods/list?destination=JP`);
    await page.getByRole('heading', { level: 1, name: 'Goods' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter Japan' }).waitFor();
    await page.locator('.cat-card').first().waitFor();
    await page
      .getByRole('toolbar', { name: 'Sort by' })
      .getByRole('button', { name: /^Price/ })
      .click();
    await page.waitForURL(/order=price/);
    await picturesLoaded();
    await shot('list');
    // the filter sheet is its own chunk, loaded after the list's first screen: it still opens on a tap
    await page.getByRole('button', { name: /^Filter/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter goods' });
    await sheet.getByRole('button', { name: 'Any' }).first().waitFor();
  });
});

// Issue 12 (Lighthouse): the server writes a catalogue page's first screen into the page it serves, and the app
// draws from it instead of calling the API; when it cannot use it (another language, the service worker's
// cached shell) it asks the API as always.
describe('first screen written into the served page', () => {
  it('home draws its feed without calling the API; in another language it asks the API', async () => {
    const fresh = await launchBrowser(); // a first visit: no service worker answers yet
    try {
      const p = await fresh.context.newPage();
      const calls: string[] = [];
      p.on('request', (r) => {
        if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
      });
      // the browser speaks zh-CN: the page comes with the feed in Simplified Chinese
      const zh = await api<{ banners: { title: string }[] }>('app/goods/home', 'zh-Hans');
      await p.goto(`${server.url}/pages/index/home`);
      await p.getByText(zh.banners[0]!.title).first().waitFor();
      await p.getByRole('heading', { name: '为你推荐' }).waitFor();
      expect(calls).not.toContain('/api/app/goods/home');

      const en = await api<{ banners: { title: string }[] }>('app/goods/home', 'en');
      await p.evaluate(() => localStorage.setItem('language', 'en'));
      await p.reload();
      await p.getByText(en.banners[0]!.title).first().waitFor();
      expect(calls).toContain('/api/app/goods/home');
    } finally {
      await fresh.close();
    }
  });

  it("a plan's page and the trip planner draw their first screen without calling the API", async () => {
    // issue 27 (Lighthouse): the plan page's picture waited for its goods call, the planner for its destinations
    /** Opens `url` in a first visit (no service worker answers yet); the API paths it called once drawn. */
    const firstVisit = async (url: string, drawn: (p: Page) => Promise<void>) => {
      const fresh = await launchBrowser();
      try {
        const p = await fresh.context.newPage();
        const calls: string[] = [];
        p.on('request', (r) => {
          if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
        });
        await p.goto(`${server.url}${url}`);
        await drawn(p);
        return calls;
      } finally {
        await fresh.close();
      }
    };
    const list = await api<{ list: { id: number }[] }>('app/goods/info/page', 'zh-Hans', {
      order: 'default',
      page: 1,
      size: 10,
    });
    const id = list.list[0]!.id;
    const goods = await api<{ title: string; pictures: string[]; mainPic: string }>(
      `app/goods/info/info?id=${id}`,
      'zh-Hans',
    );
    const detailCalls = await firstVisit(`/pages/goods/detail?id=${id}`, async (p) => {
      await p.getByRole('heading', { name: goods.title }).waitFor();
      // its first picture was asked for from the page's head, at high priority
      const preload = p.locator('head link[rel="preload"][as="image"][fetchpriority="high"]').first();
      expect(await preload.getAttribute('href')).toBe(goods.pictures[0] ?? goods.mainPic);
    });
    expect(detailCalls).not.toContain('/api/app/goods/info/info');

    const destinations = await api<{ name: string }[]>('app/goods/destinations?limit=300', 'zh-Hans');
    const tripCalls = await firstVisit('/pages/goods/trip', (p) =>
      p.locator('option', { hasText: destinations[0]!.name }).first().waitFor({ state: 'attached' }),
    );
    expect(tripCalls).not.toContain('/api/app/goods/destinations');
  });
});
