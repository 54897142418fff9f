import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import enCommon from '../apps/web/src/locales/en/common';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The shop as an installable PWA: Chromium's own installability check (the DevTools protocol's
// Page.getInstallabilityErrors, what Lighthouse's PWA category used to report; Lighthouse 12 dropped that
// category), the manifest's icons, and the service worker's app shell, which opens pages offline.

let server: RunningServer;
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.goto(`${server.url}/api/signin-blank`);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

afterAll(async () => {
  await browser?.context.setOffline(false);
  await browser?.close();
  await server?.stop();
});

describe('installable PWA', () => {
  it('registers a service worker that takes control of the page', async () => {
    await page.goto(`${server.url}/pages/index/home`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });

  it('passes Chromium installability with no errors', async () => {
    const cdp = await browser.context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
  });

  it('lists 192 and 512 px icons and a maskable one, each a real PNG of its size', async () => {
    const m = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(m.display).toBe('standalone');
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of m.icons) {
      const png = Buffer.from(await (await fetch(`${server.url}${icon.src}`)).arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
  });

  it('opens the shell offline once visited: home reloads, and another page opens from the precache', async () => {
    await browser.context.setOffline(true);
    await page.reload();
    await page.getByRole('navigation', { name: enCommon.tabBar }).getByText(enCommon.tabs.my).waitFor();
    await page.goto(`${server.url}/pages/user/login`);
    await page.getByRole('heading', { level: 1, name: enCommon.titles.login }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'pwa-offline-login.png') });
    await browser.context.setOffline(false);
  });
});

describe('first-load JavaScript', () => {
  // what apps/web/scripts/first-load-size.mjs measures on the build under test (entry, its static imports and
  // the route's chunk, gzip level 9), plus the service worker's registration script (deferred, its own file)
  const script = fileURLToPath(new URL('../apps/web/scripts/first-load-size.mjs', import.meta.url));
  const firstLoadKb = (page: string) => {
    const out = execFileSync(process.execPath, [script, page], { encoding: 'utf8' });
    const m = /([\d.]+) KB {2}first-load JS \(gzip\)/.exec(out);
    if (!m) throw new Error(`no total in:\n${out}`);
    return Number(m[1]);
  };

  it('the home page loads under 150 KB of gzip JavaScript first, service worker registration included', () => {
    const register = new URL('../apps/web/dist/registerSW.js', import.meta.url);
    const registerKb = gzipSync(readFileSync(register), { level: 9 }).length / 1024;
    const kb = firstLoadKb('src/pages/index/home.tsx') + registerKb;
    expect(kb).toBeGreaterThan(20); // a real measure of a real build, not an empty one
    expect(kb).toBeLessThan(150);
  });

  // issue 27 (Lighthouse): a plan's page loaded 188 KB first, antd's sheets, dialog, toast and picture viewer
  // included, though none of them is on its first screen
  it.each([
    'src/pages/index/category.tsx',
    'src/pages/goods/list.tsx',
    'src/pages/goods/detail.tsx',
    'src/pages/goods/trip.tsx',
    'src/pages/index/website.tsx',
  ])('%s loads under 150 KB of gzip JavaScript first', (page) => {
    const kb = firstLoadKb(page);
    expect(kb).toBeGreaterThan(20);
    expect(kb).toBeLessThan(150);
  });
});
