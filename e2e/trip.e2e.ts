import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf } from './support/shop';

// Issue 27 at phone width: plan by trip for two trips whose cheapest answers are known from the demo
// catalogue (two weeks in Japan: a 7-day eSIM and a 7-day top-up, NT$228; France, Germany and Italy in ten
// days: a Europe plan and one country plan, NT$368), in English and Traditional Chinese, and the wrong-country
// confirm on the Australia plan; then a signed-in buyer adds a whole proposal to the cart in one tap (Europe in
// Traditional Chinese: both eSIMs; Japan in English: the eSIM, the top-up said to come later from My SIM cards).

let server: RunningServer;
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
const { api, signIn, logIn } = shopOf(() => server.url);
const PHONE = '+886912000727';
type CartGroups = { groups: { lines: { specId: number; quantity: number }[] }[] };

/** A calendar day `days` from today in the browser's own time, as a date input takes it. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function useLanguage(lang: string) {
  await page.goto(`${server.url}/`);
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
}

const shot = (name: string, fullPage = true) =>
  page.screenshot({ path: path.join(screenshotDir, `trip-${name}.png`), fullPage });

/** Fills stop `n` (1-based) of the planner form as a person would. */
async function fillStop(n: number, country: string, from: number, to: number) {
  await page
    .locator('.trip-leg')
    .nth(n - 1)
    .locator('select')
    .selectOption(country);
  const dates = page
    .locator('.trip-leg')
    .nth(n - 1)
    .locator('input[type="date"]');
  await dates.nth(0).fill(dayFromToday(from));
  await dates.nth(1).fill(dayFromToday(to));
}

const cheapestTotal = async () => {
  const best = page.locator('.trip-option[data-kind="cheapest"]');
  await best.waitFor();
  return (await best.locator('.trip-total-price').textContent()) ?? '';
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('plan by trip journey', () => {
  it('two weeks in Japan, from the home page, in English: an eSIM and a top-up', async () => {
    await useLanguage('en');
    await page.reload();
    await page.getByRole('link', { name: /Plan by trip/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Plan by trip' }).waitFor();
    await fillStop(1, 'JP', 10, 23);
    await page.getByRole('button', { name: 'Find my plans' }).click();
    expect(await cheapestTotal()).toMatch(/228/);
    const items = page.locator('.trip-option[data-kind="cheapest"] .trip-item');
    expect(await items.count()).toBe(2);
    expect(await items.nth(1).textContent()).toMatch(/top-up on the eSIM above/);
    await page.getByRole('heading', { level: 2, name: /14 days in Japan/ }).waitFor();
    await shot('japan-en');
  });

  it('France, Germany and Italy in Traditional Chinese: a Europe plan and one country plan', async () => {
    await useLanguage('zh-Hant');
    await page.goto(`${server.url}/pages/goods/trip`);
    await page.getByRole('heading', { level: 1, name: '依行程選方案' }).waitFor();
    await fillStop(1, 'FR', 5, 8);
    await page.getByRole('button', { name: '新增一站' }).click();
    await fillStop(2, 'DE', 9, 11);
    await page.getByRole('button', { name: '新增一站' }).click();
    await fillStop(3, 'IT', 12, 14);
    await page.getByRole('button', { name: '尋找方案' }).click();
    expect(await cheapestTotal()).toMatch(/368/);
    expect(await page.locator('.trip-option[data-kind="cheapest"] .trip-item').count()).toBe(2);
    // one eSIM for the whole trip is offered beside it, dearer
    await page.locator('.trip-option[data-kind="oneEsim"]').waitFor();
    await shot('europe-zh-hant');
  });

  it('asks before buying the Australia plan: not Austria (Traditional Chinese)', async () => {
    const res = await fetch(`${server.url}/api/app/goods/info/page`, {
      method: 'POST',
      headers: { language: 'en', 'content-type': 'application/json' },
      body: JSON.stringify({ keyWord: 'Australia eSIM data plan', size: 20 }),
    });
    const list = ((await res.json()) as { data: { list: { id: number; title: string }[] } }).data.list;
    const id = list.find((g) => g.title === 'Australia eSIM data plan')!.id;
    const info = await fetch(`${server.url}/api/app/goods/info/info?id=${id}`, {
      headers: { language: 'en' },
    });
    const specId = ((await info.json()) as { data: { specs: { id: number }[] } }).data.specs[0]!.id;
    await page.goto(`${server.url}/pages/goods/detail?id=${id}&specId=${specId}`);
    await page.getByRole('button', { name: '立即購買' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('此方案適用於澳洲，不是奧地利。').waitFor();
    // the dialog has finished fading in before the picture
    await page.waitForFunction(() => {
      const parts = [...document.querySelectorAll<HTMLElement>('.adm-center-popup-wrap, .adm-mask')];
      return parts.length > 0 && parts.every((el) => getComputedStyle(el).opacity === '1');
    });
    await shot('confirm-zh-hant', false);
    await dialog.getByRole('button', { name: '我再看看' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/pages/goods/detail');
    // confirmed: a visitor goes on to log in
    await page.getByRole('button', { name: '立即購買' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: '是的，就這個' }).click();
    await page.waitForURL(/\/pages\/user\/login/);
  });

  it('the desktop landing page: indexable head, destinations and the planner (Spanish)', async () => {
    const html = await (
      await fetch(`${server.url}/pages/index/website`, {
        headers: { accept: 'text/html', 'accept-language': 'es' },
      })
    ).text();
    expect(html).toContain('<title>SimShop: eSIM de viaje y planes de datos para cada viaje</title>');
    expect(html).toContain('"@type":"AggregateOffer"');
    await useLanguage('es');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/pages/index/website`);
    await page.getByRole('heading', { level: 2, name: 'Todos los destinos' }).waitFor();
    await page.getByRole('link', { name: /Japón/ }).first().waitFor();
    await page.getByRole('button', { name: 'Buscar mis planes' }).waitFor();
    await shot('website-es', false);
    await page.setViewportSize({ width: 390, height: 844 });
  });
});

describe('the whole proposal in the cart', () => {
  let token = '';
  const cartLines = async () =>
    (await api<CartGroups>('app/user/cart/saleTypeGroups', undefined, token)).groups
      .flatMap((g) => g.lines)
      .map((l) => ({ specId: l.specId, quantity: l.quantity }))
      .sort((a, b) => a.specId - b.specId);
  /** The cheapest proposal's eSIM specs for a trip, from the planner's own API. */
  const proposed = async (legs: { country: string; from: number; to: number }[]) => {
    const res = await api<{ options: { kind: string; items: { kind: string; specId: number }[] }[] }>(
      'app/goods/trip/plan',
      { legs: legs.map((l) => ({ country: l.country, from: dayFromToday(l.from), to: dayFromToday(l.to) })) },
    );
    return res.options.find((o) => o.kind === 'cheapest')!.items;
  };

  it('Europe in Traditional Chinese: both eSIMs of the cheapest proposal in one tap, then the cart', async () => {
    const tokens = await logIn(PHONE);
    token = tokens.token;
    await signIn(page, tokens);
    await page.evaluate(() => localStorage.setItem('language', 'zh-Hant'));
    const legs = [
      { country: 'FR', from: 5, to: 8 },
      { country: 'DE', from: 9, to: 11 },
      { country: 'IT', from: 12, to: 14 },
    ];
    const q = legs.map((l) => `${l.country}:${dayFromToday(l.from)}:${dayFromToday(l.to)}`).join(',');
    await page.goto(`${server.url}/pages/goods/trip?legs=${q}`);
    const best = page.locator('.trip-option[data-kind="cheapest"]');
    await best.waitFor();
    expect(await best.getByTestId('trip-topups-left').count()).toBe(0);
    await best.getByRole('button', { name: '全部加入購物車' }).click();
    await page.waitForURL(/\/pages\/index\/shopping-cart/);
    await page.locator('.cart-line').nth(1).waitFor();
    const items = await proposed(legs);
    expect(items.every((i) => i.kind === 'esim')).toBe(true);
    expect(await cartLines()).toEqual(
      items.map((i) => ({ specId: i.specId, quantity: 1 })).sort((a, b) => a.specId - b.specId),
    );
    await shot('cart-europe-zh-hant', false);
    await api('app/user/cart/clear', {}, token);
  });

  it('Japan in English: the eSIM goes in, the top-up is said to come later from My SIM cards', async () => {
    await useLanguage('en');
    const legs = [{ country: 'JP', from: 10, to: 23 }];
    await page.goto(`${server.url}/pages/goods/trip?legs=JP:${dayFromToday(10)}:${dayFromToday(23)}`);
    const best = page.locator('.trip-option[data-kind="cheapest"]');
    await best.waitFor();
    await expect(best.getByTestId('trip-topups-left').textContent()).resolves.toMatch(
      /top-up is not added.*My SIM cards/,
    );
    await best.screenshot({ path: path.join(screenshotDir, 'trip-cart-japan-before-en.png') });
    await best.getByRole('button', { name: 'Add all to cart' }).click();
    await page.waitForURL(/\/pages\/index\/shopping-cart/);
    await page.locator('.cart-line').first().waitFor();
    const items = await proposed(legs);
    const esim = items.filter((i) => i.kind === 'esim');
    expect(items.filter((i) => i.kind === 'topup')).toHaveLength(1);
    expect(await cartLines()).toEqual(esim.map((i) => ({ specId: i.specId, quantity: 1 })));
    expect(await page.locator('.cart-line').count()).toBe(1);
    await shot('cart-japan-en', false);
  });
});
