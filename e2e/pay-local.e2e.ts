import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import enPaylocal from '../apps/web/src/locales/en/paylocal';
import enCommon from '../apps/web/src/locales/en/common';
import hansCommon from '../apps/web/src/locales/zh-Hans/common';
import hantPaylocal from '../apps/web/src/locales/zh-Hant/paylocal';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Goods, type Spec, type Tokens } from './support/shop';

// Paying like a local from a phone (issue 27), in English and Traditional Chinese: WeChat Pay H5 outside
// WeChat (simulated: h5_url, the WeChat cashier, back to the result page), Apple Pay through TapPay (one tap
// on the card step), and a returning buyer who pays from the wallet in at most 5 taps from the home page,
// every tap counted, ending on the result page that says what was paid and links to the eSIM.

/** WeChat's own browser on an iPhone: the shop picks WeChat Pay JSAPI by `MicroMessenger`. */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/zh_CN';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: RunningServer;
const { api, codeFor, signIn, aPlan } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let opToken = '';

async function shot(name: string, p: Page = page) {
  await p.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
  await p.screenshot({ path: path.join(screenshotDir, `pay-local-${name}.png`) });
}

async function buyer(phone: string, lang: string, p: Page = page) {
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  await api('app/user/account/sendSmsCode', { captchaId, captchaAnswer: 0, phone, purpose: 'login' });
  const tokens = await api<Tokens>('app/user/account/login', {
    phone,
    smsCode: await codeFor(phone),
    agreement: true,
  });
  await signIn(p, tokens);
  await p.evaluate((l) => localStorage.setItem('language', l), lang);
  return tokens;
}

/** A tap the buyer makes, counted. */
let taps = 0;
async function tap(target: ReturnType<Page['locator']>) {
  taps += 1;
  await target.click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  // a phone browser outside WeChat: the shop picks WeChat Pay H5 by this user agent
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: IPHONE_UA });
  opToken = (await api<Tokens>('admin/base/open/login', { username: 'admin', password: 'admin123456' }))
    .token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('paying like a local, from a phone', () => {
  it('WeChat Pay H5 outside WeChat, in Traditional Chinese: to WeChat and back to the result', async () => {
    const tokens = await buyer('+886912000271', 'zh-Hant');
    const { spec } = await aPlan('wechat');
    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId: spec.id, quantity: 1 }, payWay: 'wechat' },
      tokens.token,
    );
    // straight from checkout: the pay step opens and starts WeChat Pay, no Pay now
    await page.goto(`${server.url}/pages/order/detail?id=${order.id}&paynow=1`);
    await page.waitForURL(/\/dev\/sim\/wechat\/cashier\?prepay_id=/);
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await shot('wechat-h5-cashier');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL(/\/pages\/simpay\/viewback\?orderId=/);
    const paidWith = page.getByTestId('paid-with');
    await paidWith.waitFor();
    expect(await paidWith.textContent()).toMatch(/微信支付/);
    expect(await paidWith.textContent()).toMatch(/NT\$/);
    await page.getByRole('link', { name: hantPaylocal.openEsim }).waitFor();
    await shot('wechat-h5-result-zh-Hant');
  });

  it('Apple Pay through TapPay, in English: one tap on the card step pays', async () => {
    const tokens = await buyer('+886912000272', 'en');
    const { spec } = await aPlan('tappay');
    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId: spec.id, quantity: 1 }, payWay: 'tappay' },
      tokens.token,
    );
    await page.goto(`${server.url}/pages/order/detail?id=${order.id}&paynow=1`);
    const apple = page.getByRole('button', {
      name: enPaylocal.payWith.replace('{{wallet}}', enPaylocal.wallets.apple_pay),
    });
    await apple.waitFor();
    await page.getByRole('button', { name: /LINE Pay/ }).waitFor();
    await shot('tappay-wallets');
    await apple.click();
    await page.waitForURL(/\/pages\/simpay\/viewback\?orderId=/);
    const paidWith = page.getByTestId('paid-with');
    await paidWith.waitFor();
    expect(await paidWith.textContent()).toMatch(/^Paid NT\$[\d,]+ with Apple Pay$/);
    await shot('apple-pay-result-en');
  });

  it('a returning buyer pays from the wallet in at most 5 taps from the home page', async () => {
    const tokens = await buyer('+886912000273', 'en');
    const me = await api<{ id: string }>('app/user/info/person', undefined, tokens.token);
    // a plan on the home page's recommended list, as a returning buyer would find again
    const feed = await api<{ recommended: { id: number; soldOut: boolean }[] }>('app/goods/home');
    let found: { goods: Goods; spec: Spec & { name?: string } } | null = null;
    for (const c of feed.recommended.filter((x) => !x.soldOut)) {
      const g = await api<Goods>(`app/goods/info/info?id=${c.id}`);
      const sp = g.specs.find((x) => !x.soldOut && x.stock > 0);
      if (g.saleType.code === 'esim' && sp && g.payWays.includes('wallet')) {
        found = { goods: g, spec: sp };
        break;
      }
    }
    if (!found) throw new Error('no eSIM plan payable by wallet on the home page');
    const { goods, spec } = found;
    await api(
      'admin/user/ledger/adjust',
      {
        userPublicId: me.id,
        kind: 'wallet',
        amount: spec.price * 3,
        note: 'Returning buyer',
        idempotencyKey: `e2e-paylocal-${me.id}`,
      },
      opToken,
    );
    // a returning buyer: signed in, and the checkout keeps the way their last order was paid with on this
    // device (the submit page stores it as an order is placed)
    await page.evaluate(() => localStorage.setItem('lastPayWay', 'wallet'));
    await page.goto(`${server.url}/`);
    taps = 0;
    await tap(page.getByRole('link', { name: new RegExp(goods.title) }).first());
    await page.getByRole('heading', { level: 2, name: goods.title }).waitFor();
    await tap(page.getByRole('group', { name: 'Buy' }).getByRole('button', { name: 'Buy now' }));
    const picker = page.getByRole('dialog').filter({ has: page.locator('.cat-spec-option') });
    await tap(picker.locator('.cat-spec-option', { hasText: spec.name ?? '' }).first());
    await tap(picker.getByRole('button', { name: 'Buy now' }));
    await page.waitForURL(/\/pages\/order\/submit/);
    const walletWay = page.getByRole('radio', { name: /Wallet/ });
    await walletWay.waitFor();
    expect(await walletWay.isChecked()).toBe(true);
    await shot('returning-checkout');
    await tap(page.getByRole('button', { name: /Submit/ }));
    await page.waitForURL(/\/pages\/simpay\/viewback\?orderId=/);
    const paidWith = page.getByTestId('paid-with');
    await paidWith.waitFor();
    expect(await paidWith.textContent()).toMatch(/with Wallet/);
    expect(taps).toBeLessThanOrEqual(5);
    await page.getByRole('link', { name: enPaylocal.openEsim }).waitFor();
    await shot(`returning-result-${taps}-taps`);
    await tap(page.getByRole('link', { name: enPaylocal.openEsim }));
    await page.waitForURL(/\/pages\/user\/simcard\/list/);
  });
});

/**
 * Inside WeChat. No browser outside the WeChat app has WeChat's JS bridge, so this page is given a stand-in
 * for the WeChat client: an init script defines `WeixinJSBridge` (announced by `WeixinJSBridgeReady` a moment
 * after load, as WeChat does) whose `getBrandWCPayRequest` posts the parameters to the WeChat Pay simulator,
 * which checks paySign with the merchant key and pays, as the WeChat app would after the payer confirms. The
 * WeChat user inside the app is the simulator's cookie; WeChat's silent snsapi_base authorisation is the
 * OAuth simulator's. What is real: the shop's pages, its server, the OAuth and JSAPI wire formats and paySign.
 */
describe('paying inside WeChat, from a phone', () => {
  let wx: Page;
  beforeAll(async () => {
    wx = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(wx);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: WECHAT_UA });
    await browser.context.addCookies([
      { name: 'sim_wechat_user', value: encodeURIComponent('Alice Chen'), url: server.url },
    ]);
    await wx.addInitScript(() => {
      type BridgeAnswer = { err_msg: string };
      const calls: Record<string, string>[] = [];
      Object.assign(window, { __wxBridgeCalls: calls });
      window.addEventListener('load', () =>
        setTimeout(() => {
          Object.assign(window, {
            WeixinJSBridge: {
              invoke(name: string, params: Record<string, string>, cb: (res: BridgeAnswer) => void) {
                calls.push({ name, ...params });
                void fetch('/dev/sim/wechat/jsapi/getBrandWCPayRequest', {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ ...params, action: 'pay' }),
                })
                  .then((r) => r.json() as Promise<BridgeAnswer>)
                  .then(cb);
              },
            },
          });
          document.dispatchEvent(new Event('WeixinJSBridgeReady'));
        }, 300),
      );
    });
  });
  afterAll(async () => wx?.close());

  /** Every page the WeChat browser asked for, redirects included, to see WeChat's authorisation (or not). */
  function visits() {
    const seen: string[] = [];
    wx.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === wx.mainFrame()) seen.push(r.url());
    });
    return seen;
  }

  async function payInsideWechat(token: string, lang: 'zh-Hans' | 'en') {
    const { spec } = await aPlan('wechat');
    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId: spec.id, quantity: 1 }, payWay: 'wechat' },
      token,
    );
    const seen = visits();
    await wx.goto(`${server.url}/pages/order/detail?id=${order.id}&paynow=1`);
    await wx.waitForURL(/\/pages\/simpay\/viewback\?orderId=/);
    const paidWith = wx.getByTestId('paid-with');
    await paidWith.waitFor();
    const text = (await paidWith.textContent()) ?? '';
    expect(text).toMatch(lang === 'en' ? /^Paid NT\$[\d,]+ with WeChat Pay$/ : /微信支付/);
    const calls = await wx.evaluate(
      () => (window as unknown as { __wxBridgeCalls: Record<string, string>[] }).__wxBridgeCalls,
    );
    return { order, seen, calls };
  }

  it('a first-time buyer in Simplified Chinese: WeChat names the payer, JSAPI pays', async () => {
    const tokens = await buyer('+886912000274', 'zh-Hans', wx);
    const { seen, calls } = await payInsideWechat(tokens.token, 'zh-Hans');
    // through WeChat's silent authorisation (snsapi_base) and back to the JSAPI page, no tap in between
    const authorize = seen.find((u) => u.includes('/sim/wechat/connect/oauth2/authorize'));
    expect(authorize).toBeDefined();
    expect(new URL(authorize ?? '').searchParams.get('scope')).toBe('snsapi_base');
    expect(seen.some((u) => u.includes('/pages/simpay/wechat?orderId='))).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'getBrandWCPayRequest', signType: 'RSA' });
    expect(calls[0]?.package).toMatch(/^prepay_id=wx/);
    expect(await wx.title()).toContain(hansCommon.titles.simpayViewback);
    await shot('wechat-jsapi-result-zh-Hans', wx);
  });

  it('in English, and a returning buyer goes straight to WeChat Pay', async () => {
    const tokens = await buyer('+886912000275', 'en', wx);
    const first = await payInsideWechat(tokens.token, 'en');
    expect(first.seen.some((u) => u.includes('/oauth2/authorize'))).toBe(true);
    await shot('wechat-jsapi-result-en', wx);
    const again = await payInsideWechat(tokens.token, 'en');
    // the payer was kept: no authorisation this time
    expect(again.seen.some((u) => u.includes('/oauth2/authorize'))).toBe(false);
    expect(again.calls).toHaveLength(1);
    expect(await wx.title()).toContain(enCommon.titles.simpayViewback);
  });
});
