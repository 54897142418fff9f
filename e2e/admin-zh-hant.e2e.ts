import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { foreignWords } from '../packages/contracts/src/glossary.check';
import zhHant from '../apps/admin/src/locales/zh-Hant';
import { chromiumPath, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Goods, type Tokens } from './support/shop';

// Issue 27: the console speaks the operator's language. An operator reading Traditional Chinese opens every
// console page with data on it (a paid eSIM order with a refund asked, a customer, payments, deliveries,
// the audit log) and finds no English word and no raw code on screen: texts, placeholders, titles, the UI
// library's own words ("No data", "Preview") and dates.

let server: RunningServer;
const { api, codeFor } = shopOf(() => server.url);
let browser: Browser;
let op: Page;
const PHONE = '+886912000872';

/** Every console page an owner can open, with what it shows once loaded. */
const PAGES = [
  '/',
  '/goods',
  '/goods/create',
  '/goods/edit/1',
  '/stock-log',
  '/sale-types',
  '/banners',
  '/keywords',
  '/coupons',
  '/plan-sync',
  '/orders',
  '/transfers',
  '/payments',
  '/deliveries',
  '/invoices',
  '/customers',
  '/real-name',
  '/companies',
  '/chat',
  '/complaints',
  '/feedback',
  '/versions',
  '/agreements',
  '/dictionaries',
  '/audit',
  '/operators',
  '/password',
];

async function adminApi<T>(token: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/${url}`, {
    method: 'POST',
    headers: { language: 'en', Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; data: T; message: string };
  expect(env.code, `${url}: ${env.message}`).toBe(1000);
  return env.data;
}

/**
 * What an operator reads: the page's visible text, less identifiers shown as code (usernames, dictionary keys,
 * audit targets, which an operator types as they are), and the placeholders, titles and screen-reader labels
 * of its visible elements other than icons.
 */
const screenText = (p: Page) =>
  p.evaluate(() => {
    const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
    const codes = [...document.querySelectorAll('code')].map((e) => (e as HTMLElement).innerText);
    const text = codes.reduce((t, c) => t.replace(c, ' '), document.body.innerText);
    const attrs = [...document.querySelectorAll('[placeholder],[title],[aria-label]')]
      .filter((e) => visible(e) && !e.closest('.anticon,[role=img]'))
      .flatMap((e) => ['placeholder', 'title', 'aria-label'].map((a) => e.getAttribute(a) ?? ''));
    return [text, ...attrs].join('\n');
  });

/** Texts that stay as written: each language's name in its own language (the language tabs), names people
 *  gave (the demo operators, the seeded version note) and the
 *  screen-reader labels antd, its rc and pro-layout parts and recharts hard-code in English (no locale or
 *  prop reaches them). */
const AS_WRITTEN = [
  ...['English', 'Español', 'Français'],
  ...['Administrator', 'Olivia Owner', 'Carl Catalogue', 'Oscar Orders', 'Sara Support', 'Fiona Finance'],
  'First release',
  ...['Select all', 'Increase Value', 'Decrease Value', 'segmented control', 'legend icon', 'back'],
];
const englishOn = (text: string, extra: string[]) =>
  foreignWords([...AS_WRITTEN, ...extra].reduce((t, w) => t.replaceAll(w, ' '), text));

/** Until the page has loaded its parts and every table, chart and detail has its data: no spinner or skeleton
 *  for a second on end (a lazily loaded page mounts its table, spinning, after the network went quiet). */
async function settle() {
  await op.waitForLoadState('networkidle');
  let quiet = 0;
  for (const deadline = Date.now() + 20_000; quiet < 4 && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 250));
    const busy = await op.locator('.ant-spin-spinning, .ant-skeleton-active').count();
    quiet = busy ? 0 : quiet + 1;
  }
  expect(quiet, `${op.url()} still loading`).toBe(4);
}

let orderId = 0;
let buyerId = '';

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-TW' });
  op = await ctx.newPage();

  // a buyer with a paid eSIM order whose refund they asked for
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  await api('app/user/account/sendSmsCode', { captchaId, captchaAnswer: 0, purpose: 'login', phone: PHONE });
  const buyer = await api<Tokens>('app/user/account/login', {
    phone: PHONE,
    smsCode: await codeFor(PHONE),
    agreement: true,
  });
  const me = await api<{ id: string }>('app/user/info/person', undefined, buyer.token);
  buyerId = me.id;
  const admin = await api<Tokens>('admin/base/open/login', { username: 'admin', password: 'admin123456' });
  await adminApi(admin.token, 'admin/user/ledger/adjust', {
    userPublicId: me.id,
    kind: 'wallet',
    amount: 100_000,
    note: 'e2e',
    idempotencyKey: `e2e-zh-hant-${Date.now()}`,
  });
  const list = await api<{ list: { id: number; goodsType: number; soldOut: boolean }[] }>(
    'app/goods/info/page',
    { page: 1, size: 100 },
  );
  let specId = 0;
  for (const c of list.list.filter((x) => x.goodsType === 1 && !x.soldOut)) {
    const g = await api<Goods>(`app/goods/info/info?id=${c.id}`);
    const spec = g.specs.find((s) => s.stock > 0);
    if (g.saleType.code === 'esim' && g.payWays.includes('wallet') && spec) {
      specId = spec.id;
      break;
    }
  }
  expect(specId).toBeGreaterThan(0);
  const order = await api<{ id: number }>(
    'app/order/info/create',
    { buyNow: { specId, quantity: 1 }, payWay: 'wallet' },
    buyer.token,
  );
  orderId = order.id;
  await api('app/order/pay/walletPay', { orderId, idempotencyKey: `e2e-zh-hant-${orderId}` }, buyer.token);
  await api(
    'app/order/info/refund',
    { id: orderId, reason: 'no_longer_needed', description: '行程取消' },
    buyer.token,
  );

  await op.goto(`${server.url}/admin/login`);
  await op.getByLabel(zhHant.login.username).fill('admin');
  await op.getByLabel(zhHant.login.password).fill('admin123456');
  await op.getByLabel(zhHant.login.password).press('Enter');
  await op.waitForURL(/\/admin\/?$/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the console in Traditional Chinese', () => {
  it('shows no English and no raw code on any page', async () => {
    const found: string[] = [];
    for (const p of [...PAGES, `/orders/show/${orderId}`]) {
      await op.goto(`${server.url}/admin${p === '/' ? '' : p}`);
      await settle();
      const name = p === '/' ? 'dashboard' : p.slice(1).replace(/\//g, '-');
      await op.screenshot({ path: path.join(screenshotDir, `admin-zh-Hant-${name}.png`), fullPage: true });
      // the buyer's public id is an identifier, shown as it is
      const words = englishOn(await screenText(op), [buyerId]);
      if (words.length) found.push(`${p}: ${[...new Set(words)].join(' ')}`);
    }
    expect(found).toEqual([]);
    // 28 pages, each waited for until it holds still
  }, 360_000);

  it("names the order log's pay way and refund reason, and writes dates in Chinese", async () => {
    await op.goto(`${server.url}/admin/orders/show/${orderId}`);
    const log = op.locator('.ant-timeline');
    await log.getByText(zhHant.orderAction.refund).waitFor();
    // the reason's name comes from the shop's dictionary, read in the operator's language
    await log.getByText('不想要了').waitFor();
    const text = await log.innerText();
    expect(text).toContain(`${zhHant.payWay.wallet} · 付款單`);
    expect(text).toContain('不想要了');
    expect(text).not.toMatch(/no_longer_needed|wallet/);
    // 2026/11/28 上午8:22, not 11/28/2026, 8:22 AM or an ISO text; the period of the day is whichever the
    // clock says when the journey runs (凌晨, 清晨, 上午, 中午, 下午, 晚上)
    expect(text).toMatch(/\d{4}\/\d{1,2}\/\d{1,2} (凌晨|清晨|上午|中午|下午|晚上)\d{1,2}:\d{2}/);
  });
});
