import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium, or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const screenshotDir = path.resolve(new URL('../screenshots', import.meta.url).pathname);

/** Debian's chromium, headless, with its own calls home switched off and a fresh profile. */
export async function launchBrowser(): Promise<{
  context: BrowserContext;
  cspViolations: string[];
  close: () => Promise<void>;
}> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  fs.mkdirSync(screenshotDir, { recursive: true });
  // every journey also checks the server's Content-Security-Policy: a page the policy breaks logs a
  // "Content Security Policy" console error, and closing the browser then fails the journey
  const cspViolations: string[] = [];
  const watch = (page: Page) =>
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
        cspViolations.push(`${page.url()}: ${m.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    cspViolations,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
      if (cspViolations.length) throw new Error(`CSP violations:\n${cspViolations.join('\n')}`);
    },
  };
}
export type { Browser };

/** The operator's console on a desktop, in a browser of its own (the shop's phone browser stays signed in). */
export async function launchDesktop(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  return { browser, page: await context.newPage() };
}

/** A screenshot `<name>.png` once the shop's (antd-mobile) and the console's (antd) toasts have gone. */
export async function screenshot(page: Page, name: string, fullPage = true) {
  await page
    .locator('.adm-toast-mask, .ant-message-notice')
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}
