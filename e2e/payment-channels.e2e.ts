import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import enPayment from '../apps/web/src/locales/en/payment';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Tokens } from './support/shop';

// One journey per outside channel, each through its simulator's cashier as the person paying would go:
// sign in, buy a plan, open the order, pay with the channel, and see the order paid on the order page.
// WeChat Native QR (desktop), Alipay, a TapPay card (and its 3-D Secure card), NewebPay by card, by ATM code
// and by convenience-store code, the cashier's fail and cancel choices, and the wallet after a top-up.

let server: RunningServer;
const { api, codeFor, signIn, aPlan } = shopOf(() => server.url);
let mobile: { context: BrowserContext; close: () => Promise<void> };
let desktopBrowser: Browser | undefined;
let page: Page;
let phoneSeq = 0;

/** A fresh shopper signed up by SMS code (the outbox keeps the code in demo mode). */
async function aShopper(): Promise<Tokens> {
  const phone = `+88691200${String(700 + phoneSeq++).padStart(4, '0')}`;
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  await api('app/user/account/sendSmsCode', { captchaId, captchaAnswer: 0, purpose: 'login', phone });
  return api<Tokens>('app/user/account/login', { phone, smsCode: await codeFor(phone), agreement: true });
}

async function shot(name: string, p: Page = page) {
  await p
    .locator('.adm-toast-mask')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await p.screenshot({ path: path.join(screenshotDir, `channel-${name}.png`) });
}

/** Buys a plan payable by `payWay` and opens its order page with the pay sheet on `payWay`'s radio. */
async function openPaySheet(p: Page, tokens: Tokens, payWay: string) {
  const { goods, spec } = await aPlan(payWay);
  const order = await api<{ id: number }>(
    'app/order/info/create',
    { buyNow: { specId: spec.id, quantity: 1 }, payWay },
    tokens.token,
  );
  await signIn(p, tokens);
  await p.goto(`${server.url}/pages/order/detail?id=${order.id}`);
  await p
    .getByText(goods.title)
    .first()
    .waitFor()
    .catch(async (e: unknown) => {
      await shot(`failed-open-${payWay}`, p);
      throw e;
    });
  await p.getByRole('button', { name: 'Pay now' }).first().click();
  const sheet = p.getByRole('dialog', { name: enPayment.title });
  await sheet.waitFor();
  return { orderId: order.id, goods, spec, sheet };
}

/** The order page shows the order paid: no pay button, a paid status, and the server agrees. */
async function expectOrderPaid(p: Page, tokens: Tokens, orderId: number) {
  await p.goto(`${server.url}/pages/order/detail?id=${orderId}`);
  await p
    .getByText(/eSIM on its way|Pending shipment|Pending receipt|Pending review|Completed/)
    .first()
    .waitFor();
  expect(await p.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
  const status = await api<{ paid: boolean }>(
    `app/order/pay/status?orderId=${orderId}`,
    undefined,
    tokens.token,
  );
  expect(status.paid).toBe(true);
}

/** A second browser for contexts the shared mobile one cannot be (a desktop, a phone's user agent). */
async function desktop(): Promise<Browser> {
  desktopBrowser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
  return desktopBrowser;
}

/** The order page still offers to pay: the pay button is there and the server says unpaid. */
async function expectOrderPayable(p: Page, tokens: Tokens, orderId: number) {
  await p.goto(`${server.url}/pages/order/detail?id=${orderId}`);
  await p.getByRole('button', { name: 'Pay now' }).first().waitFor();
  const status = await api<{ paid: boolean; payWays: string[] }>(
    `app/order/pay/status?orderId=${orderId}`,
    undefined,
    tokens.token,
  );
  expect(status.paid).toBe(false);
  expect(status.payWays.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  server = await startServer();
  mobile = await launchBrowser();
  page = await mobile.context.newPage();
});

afterAll(async () => {
  await desktopBrowser?.close();
  await mobile?.close();
  await server?.stop();
});

describe('payment channel journeys', () => {
  it('WeChat Pay Native: the QR on a desktop browser, the demo cashier, paid', async () => {
    const ctx = await (
      await desktop()
    ).newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const desk = await ctx.newPage();
    const tokens = await aShopper();
    const { orderId, sheet } = await openPaySheet(desk, tokens, 'wechat');
    await sheet.getByRole('radio', { name: /WeChat Pay/ }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    const qr = sheet.getByRole('img', { name: enPayment.qrAlt });
    await qr.waitFor();
    // the QR is drawn: a decoded PNG of its full size with both dark and light modules
    const drawn = await qr.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) dark++;
      return { w: c.width, dark, total: px.length / 4 };
    });
    expect(drawn.w).toBeGreaterThanOrEqual(200);
    expect(drawn.dark / drawn.total).toBeGreaterThan(0.2);
    expect(drawn.dark / drawn.total).toBeLessThan(0.8);
    await shot('wechat-qr', desk);

    const [cashier] = await Promise.all([
      ctx.waitForEvent('page'),
      sheet.getByRole('link', { name: enPayment.openCashier }).click(),
    ]);
    await cashier.getByRole('button', { name: /^Pay [¥NT$]/ }).waitFor();
    await shot('wechat-cashier', cashier);
    await cashier.getByRole('button', { name: /^Pay [¥NT$]/ }).click();
    await cashier.waitForLoadState();
    await shot('wechat-cashier-done', cashier);
    await cashier.close();

    // the sheet polls the order and closes itself once the notification has paid it
    await desk.getByText('Payment received').waitFor({ timeout: 20_000 });
    await sheet.waitFor({ state: 'hidden' });
    await expectOrderPaid(desk, tokens, orderId);
    await shot('wechat-order-paid', desk);
    await ctx.close();
  });

  it('Alipay: the simulator cashier, back on viewback, paid', async () => {
    const tokens = await aShopper();
    const { orderId, sheet } = await openPaySheet(page, tokens, 'alipay');
    await sheet.getByRole('radio', { name: /Alipay/ }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.waitForURL(/\/dev\/sim\/alipay\//);
    const pay = page.getByRole('button', { name: /^Pay [¥NT$]/ });
    await pay.waitFor();
    await shot('alipay-cashier');
    await pay.click();
    await page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('pay-result').textContent(), { timeout: 20_000 })
      .toBe(enPayment.paid);
    await shot('alipay-viewback');
    await expectOrderPaid(page, tokens, orderId);
    await shot('alipay-order-paid');
  });

  it('TapPay: the card form with the SDK stand-in, test card, paid; then the 3-D Secure card', async () => {
    const tokens = await aShopper();
    const payByCard = async (card: string) => {
      // the order was placed with TapPay: the sheet opens on the card form, no way to pick first
      const opened = await openPaySheet(page, tokens, 'tappay');
      const form = page.getByRole('form', { name: enPayment.cardForm });
      await form.waitFor();
      await form.getByRole('button', { name: enPayment.payByCard }).and(page.locator(':enabled')).waitFor();
      await page.locator('#tp-card-number input').fill(card);
      await page.locator('#tp-card-exp input').fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
      await page.locator('#tp-card-ccv input').fill('123');
      return { ...opened, form };
    };

    const first = await payByCard('4242424242424242');
    await shot('tappay-card-form');
    await first.form.getByRole('button', { name: enPayment.payByCard }).click();
    await page.getByText('Payment received').waitFor({ timeout: 20_000 });
    await expectOrderPaid(page, tokens, first.orderId);
    await shot('tappay-order-paid');

    const second = await payByCard('4000000000003220');
    await second.form.getByRole('button', { name: enPayment.payByCard }).click();
    await page.waitForURL(/\/dev\/sim\/tappay\//, { timeout: 20_000 });
    const verify = page.getByRole('button', { name: 'Verify and pay' });
    await verify.waitFor();
    await shot('tappay-3ds');
    await verify.click();
    await page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('pay-result').textContent(), { timeout: 20_000 })
      .toBe(enPayment.paid);
    await shot('tappay-3ds-viewback');
    await expectOrderPaid(page, tokens, second.orderId);
  });

  it('NewebPay by card: the MPG form, the gateway, viewback paid', async () => {
    const tokens = await aShopper();
    const { orderId, sheet } = await openPaySheet(page, tokens, 'newebpay');
    await sheet.getByRole('radio', { name: /NewebPay/ }).check();
    await sheet.getByRole('radio', { name: enPayment.mpgMethod.CREDIT, exact: true }).check();
    await shot('newebpay-sheet');
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.waitForURL(/\/dev\/sim\/newebpay\//);
    const pay = page.getByRole('button', { name: /^Pay NT\$/ });
    await pay.waitFor();
    await shot('newebpay-gateway-card');
    await pay.click();
    // the gateway's return form posts back to us, and we send the browser on to viewback
    const cont = page.getByRole('button', { name: 'Continue' });
    await Promise.race([
      page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 }),
      cont.waitFor({ timeout: 20_000 }).then(() => cont.click()),
    ]);
    await page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('pay-result').textContent(), { timeout: 20_000 })
      .toBe(enPayment.paid);
    await shot('newebpay-card-viewback');
    await expectOrderPaid(page, tokens, orderId);
  });

  it('NewebPay ATM: the transfer account on simpay/customer, then the customer pays', async () => {
    const tokens = await aShopper();
    const { orderId, sheet } = await openPaySheet(page, tokens, 'newebpay');
    await sheet.getByRole('radio', { name: /NewebPay/ }).check();
    await sheet.getByRole('radio', { name: enPayment.mpgMethod.VACC, exact: true }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.waitForURL(/\/dev\/sim\/newebpay\//);
    const atm = page.getByRole('button', { name: 'Get a transfer account' });
    await atm.waitFor();
    await shot('newebpay-gateway-atm');
    await atm.click();
    const cont = page.getByRole('button', { name: 'Continue' });
    await Promise.race([
      page.waitForURL(/\/pages\/simpay\/customer/, { timeout: 20_000 }),
      cont.waitFor({ timeout: 20_000 }).then(() => cont.click()),
    ]);
    await page.waitForURL(/\/pages\/simpay\/customer/, { timeout: 20_000 });
    await page.getByText(enPayment.code.BankCode).waitFor();
    const codes = await page.locator('.pay-codes dd > span').allTextContents();
    expect(codes.some((c) => /^\d{3}$/.test(c.trim()))).toBe(true);
    expect(codes.some((c) => /^\d{10,16}$/.test(c.trim()))).toBe(true);
    // each code the customer types elsewhere has its copy button (issue 27)
    expect(await page.locator('.pay-codes dd button').count()).toBeGreaterThanOrEqual(2);
    await shot('newebpay-atm-customer');

    const status = await api<{ attempts: { attemptNo: string; status: string }[] }>(
      `app/order/pay/status?orderId=${orderId}`,
      undefined,
      tokens.token,
    );
    const offline = status.attempts.find((a) => a.status === 'awaiting_offline');
    expect(offline).toBeDefined();
    const paid = await fetch(`${server.url}/dev/sim/newebpay/MPG/offline/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ MerchantOrderNo: offline!.attemptNo }).toString(),
    });
    expect(paid.status).toBeLessThan(400);
    await page.getByRole('heading', { name: enPayment.paid }).waitFor({ timeout: 20_000 });
    await shot('newebpay-atm-paid');
    await expectOrderPaid(page, tokens, orderId);
  });

  it('NewebPay convenience store: the payment code on simpay/customer, then the customer pays', async () => {
    const tokens = await aShopper();
    const { orderId, sheet } = await openPaySheet(page, tokens, 'newebpay');
    await sheet.getByRole('radio', { name: /NewebPay/ }).check();
    await sheet.getByRole('radio', { name: enPayment.mpgMethod.CVS, exact: true }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.waitForURL(/\/dev\/sim\/newebpay\//);
    const cvs = page.getByRole('button', { name: 'Get a payment code' });
    await cvs.waitFor();
    await shot('newebpay-gateway-cvs');
    await cvs.click();
    const cont = page.getByRole('button', { name: 'Continue' });
    await Promise.race([
      page.waitForURL(/\/pages\/simpay\/customer/, { timeout: 20_000 }),
      cont.waitFor({ timeout: 20_000 }).then(() => cont.click()),
    ]);
    await page.waitForURL(/\/pages\/simpay\/customer/, { timeout: 20_000 });
    await page.getByText(enPayment.code.CodeNo).waitFor();
    const codes = await page.locator('.pay-codes dd > span').allTextContents();
    // a store payment code (letters and digits), no bank code
    expect(codes.some((c) => /^[A-Z0-9]{10,16}$/.test(c.trim()))).toBe(true);
    expect(await page.getByText(enPayment.code.BankCode).count()).toBe(0);
    await shot('newebpay-cvs-customer');

    const status = await api<{ attempts: { attemptNo: string; status: string }[] }>(
      `app/order/pay/status?orderId=${orderId}`,
      undefined,
      tokens.token,
    );
    const offline = status.attempts.find((a) => a.status === 'awaiting_offline');
    expect(offline).toBeDefined();
    const paid = await fetch(`${server.url}/dev/sim/newebpay/MPG/offline/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ MerchantOrderNo: offline!.attemptNo }).toString(),
    });
    expect(paid.status).toBeLessThan(400);
    await page.getByRole('heading', { name: enPayment.paid }).waitFor({ timeout: 20_000 });
    await shot('newebpay-cvs-paid');
    await expectOrderPaid(page, tokens, orderId);
  });

  it('the cashier\'s fail: "Payment failed" on the result page, and the order is still payable', async () => {
    const tokens = await aShopper();
    const { orderId, sheet } = await openPaySheet(page, tokens, 'newebpay');
    await sheet.getByRole('radio', { name: /NewebPay/ }).check();
    await sheet.getByRole('radio', { name: enPayment.mpgMethod.CREDIT, exact: true }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.waitForURL(/\/dev\/sim\/newebpay\//);
    const decline = page.getByRole('button', { name: 'Decline the card' });
    await decline.waitFor();
    await shot('fail-cashier');
    await decline.click();
    const cont = page.getByRole('button', { name: 'Continue' });
    await Promise.race([
      page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 }),
      cont.waitFor({ timeout: 20_000 }).then(() => cont.click()),
    ]);
    await page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('pay-result').textContent(), { timeout: 20_000 })
      .toBe(enPayment.failed);
    await shot('fail-viewback');
    await expectOrderPayable(page, tokens, orderId);
    await shot('fail-order-payable');
  });

  it('the cashier\'s cancel: "Payment has been cancelled", and the order is still payable', async () => {
    // a phone's browser: Alipay WAP pay, whose quit_url brings a payer who cancels back to us
    const ctx = await (
      await desktop()
    ).newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    });
    const phone = await ctx.newPage();
    const tokens = await aShopper();
    const { orderId, sheet } = await openPaySheet(phone, tokens, 'alipay');
    await sheet.getByRole('radio', { name: /Alipay/ }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await phone.waitForURL(/\/dev\/sim\/alipay\//);
    const cancel = phone.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    await shot('cancel-cashier', phone);
    await cancel.click();
    await phone.waitForURL(/\/pages\/simpay\/viewback\?.*cancelled=1/, { timeout: 20_000 });
    await expect
      .poll(() => phone.getByTestId('pay-result').textContent(), { timeout: 20_000 })
      .toBe(enPayment.cancelled);
    await shot('cancel-viewback', phone);
    await expectOrderPayable(phone, tokens, orderId);
    await shot('cancel-order-payable', phone);
    await ctx.close();
  });

  it('the wallet after a top-up through Alipay pays an order', async () => {
    const tokens = await aShopper();
    await signIn(page, tokens);
    await page.goto(`${server.url}/pages/wallet/index`);
    const balance = page.getByTestId('wallet-balance');
    await balance.waitFor();
    const before = await balance.textContent();
    const { spec } = await aPlan('wallet');

    await page.goto(`${server.url}/pages/wallet/recharge`);
    await page
      .getByLabel(enPayment.rechargeAmount.replace('{{currency}}', 'TWD'))
      .fill(String(Math.ceil(spec.price / 100) + 100));
    await page.getByRole('radio', { name: /Alipay/ }).check();
    await shot('recharge-form');
    await page.getByRole('button', { name: enPayment.recharge }).click();
    await page.waitForURL(/\/dev\/sim\/alipay\//);
    const pay = page.getByRole('button', { name: /^Pay [¥NT$]/ });
    await pay.waitFor();
    await shot('recharge-alipay-cashier');
    await pay.click();
    // back on the recharge page, which waits for the verified notification's credit
    await page.waitForURL(/\/pages\/wallet\/recharge\?topupId=\d+/, { timeout: 20_000 });
    await page.getByRole('status').filter({ hasText: 'added to your wallet' }).waitFor({ timeout: 20_000 });
    await shot('recharge-back');

    await page.goto(`${server.url}/pages/wallet/index`);
    await page.getByText(enPayment.entry.TOPUP).waitFor({ timeout: 20_000 });
    expect(await balance.textContent()).not.toBe(before);
    await shot('recharge-wallet');

    const { orderId, sheet } = await openPaySheet(page, tokens, 'wallet');
    await sheet.getByRole('radio', { name: /Wallet/ }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.getByText('Payment received').waitFor();
    await expectOrderPaid(page, tokens, orderId);
    await shot('recharge-wallet-paid-order');
  });
});
