import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Issue 27 at phone width: plan by trip for two trips whose cheapest answers are known from the demo
// catalogue (two weeks in Japan: a 7-day eSIM and a 7-day top-up, NT$228; France, Germany and Italy in ten
// days: a Europe plan and one country plan, NT$368), in English and Traditional Chinese, and the wrong-country
// confirm on the Australia plan.

let server: RunningServer;
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;

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
