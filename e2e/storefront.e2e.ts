import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Issue 12 at phone width (360 px): plan cards, the coverage list and the eSIM device check in three
// languages (screenshots), clipped or overflowing text, console errors and that every catalogue route
// settles, in the five languages, and axe WCAG A/AA on home, category and the goods list.

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const LANGS = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;

let server: RunningServer;
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let japan: number;
let europe: number;

async function goodsId(title: string): Promise<number> {
  const res = await fetch(`${server.url}/api/app/goods/info/page`, {
    method: 'POST',
    headers: { language: 'en', 'content-type': 'application/json' },
    body: JSON.stringify({ keyWord: title, size: 20 }),
  });
  const env = (await res.json()) as { data: { list: { id: number; title: string }[] } };
  const hit = env.data.list.find((g) => g.title === title);
  if (!hit) throw new Error(`no goods ${title}`);
  return hit.id;
}

/** Console errors and uncaught exceptions of the page, per route opened (issue 12: none while browsing). */
const consoleErrors: string[] = [];

/** Opens `route` in `lang`; answers how long it took to settle (heading shown, no loading placeholder left). */
async function open(lang: string, route: string): Promise<number> {
  await page.goto(`${server.url}/`);
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  const started = Date.now();
  await page.goto(`${server.url}${route}`);
  await page.locator('h1').first().waitFor();
  // settled: no "loading" placeholder left on screen
  await page.waitForFunction(() => !document.querySelector('.adm-dot-loading, [aria-busy="true"]'));
  const settled = Date.now() - started;
  await page.waitForLoadState('networkidle');
  return settled;
}

const shot = (name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `storefront-${name}.png`), fullPage: false });

/**
 * Text the reader cannot see whole: an element with its own text whose content is wider than its box (clipped,
 * or cut with an ellipsis), and the page itself scrolling sideways.
 */
async function clippedText(): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px > ${window.innerWidth}px`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('[aria-hidden="true"], .sr-only, .adm-swiper, svg, input, textarea, select')) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.clientWidth === 0) continue;
      const r = el.getBoundingClientRect();
      if (r.bottom < 0 || r.right < 0) continue;
      const clipped = el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible';
      const ellipsis = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth;
      // past the right edge, unless inside a list that scrolls sideways on purpose
      const inScroller = (() => {
        for (let a = el.parentElement; a; a = a.parentElement) {
          const o = getComputedStyle(a).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
        }
        return false;
      })();
      const outside = r.right > window.innerWidth + 1 && style.position !== 'fixed' && !inScroller;
      if (clipped || ellipsis || outside)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className || '-'} "${el.textContent?.trim().slice(0, 40)}"`,
        );
    }
    return out;
  });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  await page.setViewportSize({ width: 360, height: 780 });
  japan = await goodsId('Japan eSIM data plan');
  europe = await goodsId('Europe eSIM data plan');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('plans, coverage and the device check at 360 px', () => {
  for (const lang of ['zh-Hant', 'en', 'fr'] as const)
    it(`shows them in ${lang}`, async () => {
      await open(lang, `/pages/goods/detail?id=${europe}`);
      const plans = page.locator('section[aria-labelledby="detail-plans"]');
      await plans.scrollIntoViewIfNeeded();
      await expect(plans.locator('.cat-plan').count()).resolves.toBe(4);
      await expect(plans.locator('.cat-plan-best').count()).resolves.toBe(1);
      await page.evaluate(() =>
        document.querySelector('section[aria-labelledby="detail-plans"]')?.scrollIntoView({ block: 'start' }),
      );
      await shot(`plans-${lang}`);

      await page.locator('.cat-coverage-chip').click();
      const sheet = page.getByRole('dialog').filter({ has: page.locator('#coverage-sheet-title') });
      await sheet.waitFor();
      await sheet.locator('li').first().waitFor();
      await expect(sheet.locator('li').count()).resolves.toBeGreaterThan(15);
      await page.waitForTimeout(0);
      await shot(`coverage-${lang}`);
      await sheet.getByRole('searchbox').fill(lang === 'en' ? 'fra' : lang === 'fr' ? 'fra' : '法');
      await expect(sheet.locator('li').count()).resolves.toBe(1);
      await expect(sheet.locator('li').first().textContent()).resolves.toMatch(/Orange, SFR, Bouygues/);
      await sheet.locator('.cat-icon-button').click();
      await sheet.waitFor({ state: 'hidden' });

      await page.locator('.cat-devices-link').click();
      await page.waitForURL(/esim-devices/);
      await page.locator('.cat-devices-models li').first().waitFor();
      await shot(`devices-${lang}`);
      await page.getByRole('searchbox').fill('pixel 8');
      await page.waitForFunction(() => document.querySelectorAll('.cat-devices section').length === 1);
      await expect(page.locator('.cat-devices-models li').allTextContents()).resolves.toEqual([
        'Pixel 8 Pro',
        'Pixel 8',
        'Pixel 8a',
      ]);
    });
});

describe('no clipped text at 360 px', () => {
  const routes = () => [
    '/pages/index/home',
    '/pages/index/category',
    '/pages/goods/list',
    '/pages/goods/search',
    `/pages/goods/detail?id=${japan}`,
    `/pages/goods/detail?id=${europe}`,
    `/pages/goods/comment?goodsId=${japan}`,
    '/pages/goods/esim-devices',
    '/pages/index/my',
    '/pages/user/login',
  ];
  for (const lang of LANGS)
    it(`walks the routes in ${lang}: each settles, nothing clipped, no console error`, async () => {
      const found: string[] = [];
      const times: string[] = [];
      consoleErrors.length = 0;
      for (const route of routes()) {
        // open() waits for the heading and for every loading placeholder to go: a route that never
        // settles fails here; how fast it settles is the bench's and Lighthouse's to measure, not a test's
        times.push(`${route.split('?')[0]!.replace('/pages/', '')} ${await open(lang, route)} ms`);
        for (const f of await clippedText()) found.push(`${route}: ${f}`);
      }
      console.log(`settled in ${lang} (on this machine, under whatever else runs): ${times.join(', ')}`);
      expect(found).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
});

describe('axe WCAG A/AA', () => {
  for (const route of ['/pages/index/home', '/pages/index/category', '/pages/goods/list'])
    it(`finds no violation on ${route}`, async () => {
      await open('en', route);
      // evaluated through the devtools protocol: the shop's CSP forbids inline scripts, rightly
      await page.evaluate(readFileSync(AXE, 'utf8'));
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }
        ).axe;
        const res = await axe.run({
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        });
        return (res.violations as { id: string; nodes: { target: string[] }[] }[]).map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      });
      expect(violations).toEqual([]);
    });
});
