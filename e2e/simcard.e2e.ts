import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { SimCardDetail, SimCardListResponse } from '@simshop/contracts';
import enCatalogue from '../apps/web/src/locales/en/catalogue';
import enOrder from '../apps/web/src/locales/en/order';
import enPayment from '../apps/web/src/locales/en/payment';
import enSimcard from '../apps/web/src/locales/en/simcard';
import enUser from '../apps/web/src/locales/en/user';
import zhHantOrder from '../apps/web/src/locales/zh-Hant/order';
import zhHantSimcard from '../apps/web/src/locales/zh-Hant/simcard';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Goods, type Tokens } from './support/shop';

// A traveller buys the Japan 5 GB eSIM, pays through the Alipay simulator, opens the new card, scans the QR on
// screen (decoded here with jsQR from the pixels drawn) and finds exactly the activation code the shop stored;
// offline, the card page still shows the QR and the codes; then tops the card up from its page and sees the
// new allowance. Screenshots of the list and the detail in English and Traditional Chinese.

let server: RunningServer;
const { api, codeFor, signIn } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let tokens: Tokens;
let iccid = '';

type Spec = Goods['specs'][number] & { name: string; dataMb: number | null; allowance: string | null };
type PlanGoods = Omit<Goods, 'specs'> & { specs: Spec[]; destinations: string[] };

const GB = 1024 ** 3;

async function shot(name: string) {
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(screenshotDir, `simcard-${name}.png`), fullPage: true });
}

/** A goods of `saleType` covering Japan with a `dataMb` total-allowance spec in stock. */
async function japan(saleType: string, dataMb: number) {
  const list = (await api<{ list: { id: number }[] }>('app/goods/info/page', { page: 1, size: 100 })).list;
  for (const { id } of list) {
    const g = await api<PlanGoods>(`app/goods/info/info?id=${id}`);
    const spec = g.specs.find((s) => s.dataMb === dataMb && s.allowance === 'total' && !s.soldOut);
    if (g.saleType.code === saleType && g.destinations.includes('JP') && spec) return { goods: g, spec };
  }
  throw new Error(`no Japan ${saleType} of ${dataMb} MB`);
}

/** Pays the order on screen with the Alipay simulator's cashier, back to viewback paid. */
async function payWithAlipay(orderId: number) {
  await page.goto(`${server.url}/pages/order/detail?id=${orderId}`);
  await page.getByRole('button', { name: 'Pay now' }).first().click();
  const sheet = page.getByRole('dialog', { name: enPayment.title });
  await sheet.getByRole('radio', { name: /Alipay/ }).check();
  await sheet.getByRole('button', { name: enPayment.payNow }).click();
  await page.waitForURL(/\/dev\/sim\/alipay\//);
  await page.getByRole('button', { name: /^Pay [¥NT$]/ }).click();
  await page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 });
  await expect
    .poll(() => page.getByTestId('pay-result').textContent(), { timeout: 20_000 })
    .toBe(enPayment.paid);
}

/** The text of the QR code drawn in `img`, read from its pixels on screen. */
async function readQr(img: Locator): Promise<string | null> {
  await img.evaluate((el: HTMLImageElement) => el.decode());
  const png = PNG.sync.read(await img.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

const cardDetail = () =>
  api<SimCardDetail>(`app/simcard/iccid/detail?iccid=${iccid}`, undefined, tokens.token);

async function setLanguage(lang: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  const phone = '+886912000811';
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  await api('app/user/account/sendSmsCode', { captchaId, captchaAnswer: 0, purpose: 'login', phone });
  tokens = await api<Tokens>('app/user/account/login', {
    phone,
    smsCode: await codeFor(phone),
    agreement: true,
  });
  await signIn(page, tokens);
});

afterAll(async () => {
  await browser?.context.setOffline(false);
  await browser?.close();
  await server?.stop();
});

describe('SIM card journey', () => {
  it('buys the Japan 5 GB eSIM and pays it through the Alipay simulator', async () => {
    const { goods, spec } = await japan('esim', 5120);
    expect(goods.payWays).toContain('alipay');
    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId: spec.id, quantity: 1 }, payWay: 'alipay' },
      tokens.token,
    );
    await payWithAlipay(order.id);
    // the order page follows the delivery by itself: on its way ("usually within a minute"), then ready with
    // a link to the new card
    await page.goto(`${server.url}/pages/order/detail?id=${order.id}`);
    const panel = page.locator('[data-delivery]');
    await panel.waitFor();
    const first = await panel.getAttribute('data-delivery');
    expect(['delivering', 'delivered']).toContain(first);
    if (first === 'delivering') {
      await page.getByRole('heading', { name: enOrder.delivery.esim.delivering }).waitFor();
      await page.getByText(enOrder.delivery.body.delivering).waitFor();
      await shot('order-delivering-en');
    }
    await page.getByRole('heading', { name: enOrder.delivery.esim.delivered }).waitFor({ timeout: 60_000 });
    const open = page.getByRole('link', { name: /^Open SIM card ···\d{4}$/ });
    await open.waitFor();
    await shot('order-delivered-en');
    // the card appears on the buyer's account, and the order page's link opens that very card
    await expect
      .poll(
        async () =>
          (await api<SimCardListResponse>('app/simcard/iccid/list', undefined, tokens.token)).items.length,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(1);
    iccid = (await api<SimCardListResponse>('app/simcard/iccid/list', undefined, tokens.token)).items[0]!
      .iccid;
    expect(await open.textContent()).toBe(`Open SIM card ···${iccid.slice(-4)}`);
    await open.click();
    await page.waitForURL(new RegExp(`/pages/user/simcard/detail\\?iccid=${iccid}$`));
    // the order list's card says so too
    await page.goto(`${server.url}/pages/order/list?tab=all`);
    await page.getByText(enOrder.delivery.tag.esim.delivered).first().waitFor();
  });

  it('lists the new card and opens it; the QR on screen carries exactly the stored activation code', async () => {
    const stored = await cardDetail();
    expect(stored.dataTotalBytes).toBe(5 * GB);
    await page.goto(`${server.url}/pages/index/my`);
    await page.getByRole('link', { name: enUser.my.entries.simcards }).click();
    await page.waitForURL(/\/pages\/user\/simcard\/list/);
    const item = page.getByRole('link', { name: new RegExp(iccid.slice(-3)) });
    await item.waitFor();
    await page.getByText('5 GB', { exact: false }).first().waitFor();
    // the plan is named by the shop, in the reader's language (not the partner's package name)
    await page.getByRole('heading', { name: /^Japan eSIM data plan · 5 GB/ }).waitFor();
    await shot('list-en');
    await item.click();
    await page.waitForURL(/\/pages\/user\/simcard\/detail\?iccid=/);
    const qr = page.getByRole('img', { name: enSimcard.detail.qrAlt });
    await qr.waitFor();
    expect(await readQr(qr)).toBe(stored.activation!.activationCode);
    expect(stored.activation!.activationCode).toMatch(/^LPA:1\$[^$]+\$/);
    expect(await page.getByTestId('sim-iccid').textContent()).toBe(iccid.replace(/(\d{4})(?=\d)/g, '$1 '));
    await page.getByText(stored.activation!.smdpAddress, { exact: true }).waitFor();
    await page.getByText(stored.activation!.matchingId, { exact: true }).waitFor();
    await shot('detail-en');
  });

  it('offline, the card page still shows the QR and the codes', async () => {
    const stored = await cardDetail();
    await browser.context.setOffline(true);
    await page.reload();
    await page.getByText(/^Offline: showing what was saved on /).waitFor();
    const qr = page.getByRole('img', { name: enSimcard.detail.qrAlt });
    await qr.waitFor();
    expect(await readQr(qr)).toBe(stored.activation!.activationCode);
    await page.getByText(stored.activation!.smdpAddress, { exact: true }).waitFor();
    await page.getByText(stored.activation!.matchingId, { exact: true }).waitFor();
    if (stored.activation!.confirmationCode) {
      await page.getByText(stored.activation!.confirmationCode, { exact: true }).waitFor();
    }
    await shot('detail-offline');
    await browser.context.setOffline(false);
  });

  it('tops the card up from its page and sees the new allowance', async () => {
    const before = await cardDetail();
    expect(before.canTopUp).toBe(true);
    const { spec } = await japan('topup', 5120);
    await page.reload();
    await page.getByRole('link', { name: enSimcard.detail.topUp }).click();
    await page.waitForURL(new RegExp(`/pages/goods/detail\\?id=${before.topUpGoodsId}&iccid=${iccid}`));
    await page.getByRole('button', { name: enCatalogue.detail.buyNow }).first().click();
    const picker = page.getByRole('dialog');
    // each option says its price after its name (issue 12)
    const escaped = spec.name.replace(/[.*+?^$()|[\]\\{}]/g, (c) => `\\${c}`);
    const option = new RegExp(`^${escaped} · `);
    await picker.getByRole('button', { name: option }).click();
    await picker.getByRole('button', { name: enCatalogue.detail.buyNow }).click();
    await page.waitForURL(/\/pages\/order\/submit\?/);
    const card = page.getByRole('textbox', { name: enOrder.submit.card });
    expect(await card.inputValue()).toBe(iccid);
    await page.getByRole('radio', { name: 'Alipay' }).check();
    await page.getByRole('button', { name: enOrder.submit.submit }).click();
    await page.waitForURL(/\/pages\/order\/detail\?id=/);
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    await payWithAlipay(orderId);
    await expect
      .poll(async () => (await cardDetail()).dataTotalBytes, { timeout: 60_000, interval: 500 })
      .toBe((before.dataTotalBytes ?? 0) + 5 * GB);
    await page.goto(`${server.url}/pages/user/simcard/detail?iccid=${iccid}`);
    await page.getByText(/left of 10 GB$/).waitFor();
    await shot('detail-topped-up-en');
  });

  it('reads in Traditional Chinese too', async () => {
    await setLanguage('zh-Hant');
    await page.goto(`${server.url}/pages/user/simcard/list`);
    await page.getByText(zhHantSimcard.bind.open).waitFor();
    await page.getByRole('heading', { name: /^日本 eSIM 上網流量 · / }).waitFor();
    await shot('list-zh-Hant');
    await page.goto(`${server.url}/pages/user/simcard/detail?iccid=${iccid}`);
    await page.getByRole('img', { name: zhHantSimcard.detail.qrAlt }).waitFor();
    await page.getByText(zhHantSimcard.install.title).waitFor();
    await page.getByRole('heading', { name: /^日本 eSIM 上網流量 · / }).waitFor();
    await shot('detail-zh-Hant');
    // and the order page's delivery panel
    const orders = await api<{ list: { id: number; delivery: string | null }[] }>(
      'app/order/info/page',
      { tab: 'all', page: 1, size: 10 },
      tokens.token,
    );
    const esimOrder = orders.list.filter((o) => o.delivery === 'delivered').at(-1)!;
    await page.goto(`${server.url}/pages/order/detail?id=${esimOrder.id}`);
    await page.locator('[data-delivery="delivered"]').waitFor();
    await page.getByText(zhHantOrder.delivery.body.delivered).waitFor();
    await shot('order-delivered-zh-Hant');
    // no English left on the order, SIM, device check and checkout pages: the Latin words on them are the
    // brands, units and names the shop keeps, or data shown as it is (the card's codes, the makers' models)
    const devices = await api<{ brand: string; models: string[] }[]>('app/goods/esimDevice/list');
    const d = await cardDetail();
    const delivery = await api(`app/simcard/iccid/delivery?orderId=${esimOrder.id}`, undefined, tokens.token);
    const data = [
      JSON.stringify(d.activation),
      JSON.stringify(delivery),
      ...devices.flatMap((b) => [b.brand, ...b.models.filter((m) => !m.includes('('))]),
      ...devices.flatMap((b) => b.models.map((m) => m.split(' (')[0] ?? '')),
    ].join(' ');
    const kept = new Set([...KEPT.split(' '), ...(data.match(LATIN_WORD) ?? [])]);
    const { spec } = await japan('esim', 5120);
    for (const [name, url] of [
      ['order', `/pages/order/detail?id=${esimOrder.id}`],
      ['list', '/pages/user/simcard/list'],
      ['detail', `/pages/user/simcard/detail?iccid=${iccid}`],
      ['devices', '/pages/goods/esim-devices'],
      ['submit', `/pages/order/submit?specId=${spec.id}&quantity=1`],
    ]) {
      await page.goto(`${server.url}${url}`);
      await page.locator('main h2, main h3').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(
        (await englishOn(page)).filter((w) => !kept.has(w)),
        name,
      ).toEqual([]);
    }
    await shot('checkout-zh-Hant');
  });
});

/** What a translation keeps as it is (apps/web glossary KEEP): brands, units, codes people type or scan. */
const KEPT = 'SimShop eSIM SIM ICCID EID LPA SM-DP QR Code iPhone iPad Android iOS Apple TapPay Wi-Fi';

/** A word of Latin letters, not part of a code that has digits in it (an invoice's DM-12345678). */
const LATIN_WORD = /(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)*(?![\w-])/g;

/** Words of three or more Latin letters on the page (text, names, placeholders, options). */
async function englishOn(p: Page): Promise<string[]> {
  const texts = await p.evaluate(() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]'))
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) out.push(el.getAttribute(a) ?? '');
    for (const o of document.querySelectorAll('option')) out.push(o.textContent ?? '');
    return out;
  });
  const found = new Set<string>();
  for (const t of texts) for (const w of t.match(LATIN_WORD) ?? []) if (w.length >= 3) found.add(w);
  return [...found].sort();
}
