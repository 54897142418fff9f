import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import enPayment from '../apps/web/src/locales/en/payment';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Tokens } from './support/shop';

// Two journeys through the payment core with no outside channel: a shopper whose wallet an operator credited
// buys a plan and pays it from the wallet in the pay sheet; a company account pays an order by bank transfer,
// uploads its proof on the corporate-transfer page, and sees it verified once an operator has matched it.

let server: RunningServer;
const { api, codeFor, signIn, aPlan } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let opToken = '';

async function sendCode(kind: 'sms' | 'email', to: string, purpose: string) {
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  const body = { captchaId, captchaAnswer: 0, purpose, ...(kind === 'sms' ? { phone: to } : { email: to }) };
  await api(kind === 'sms' ? 'app/user/account/sendSmsCode' : 'app/user/account/sendEmailCode', body);
  return codeFor(to);
}

async function shot(name: string) {
  await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
  await page.screenshot({ path: path.join(screenshotDir, `payment-${name}.png`) });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  opToken = (await api<Tokens>('admin/base/open/login', { username: 'admin', password: 'admin123456' }))
    .token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('payment journeys', () => {
  it('pays a plan from the wallet after an operator credit', async () => {
    const phone = '+886912000654';
    const tokens = await api<Tokens>('app/user/account/login', {
      phone,
      smsCode: await sendCode('sms', phone, 'login'),
      agreement: true,
    });
    const me = await api<{ id: string }>('app/user/info/person', undefined, tokens.token);
    const { goods, spec } = await aPlan('wallet');
    await api(
      'admin/user/ledger/adjust',
      {
        userPublicId: me.id,
        kind: 'wallet',
        amount: spec.price + 50_000,
        note: 'Welcome credit',
        idempotencyKey: `e2e-welcome-${me.id}`,
      },
      opToken,
    );
    await signIn(page, tokens);

    await page.goto(`${server.url}/pages/wallet/index`);
    const balance = page.getByTestId('wallet-balance');
    await balance.waitFor();
    const before = await balance.textContent();
    await page.getByText(enPayment.entry.ADJUST).waitFor();
    await shot('wallet-credited');

    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId: spec.id, quantity: 1 }, payWay: 'wallet' },
      tokens.token,
    );
    await page.goto(`${server.url}/pages/order/detail?id=${order.id}`);
    await page
      .getByRole('heading', { level: 2, name: goods.title })
      .or(page.getByText(goods.title).first())
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Pay now' }).first().click();
    const sheet = page.getByRole('dialog', { name: enPayment.title });
    await sheet.waitFor();
    await sheet.getByRole('radio', { name: /Wallet/ }).check();
    await shot('pay-sheet');
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.getByText('Payment received').waitFor();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Pay now' }).waitFor({ state: 'detached' });
    await shot('order-paid-by-wallet');
    const status = await api<{ paid: boolean }>(
      `app/order/pay/status?orderId=${order.id}`,
      undefined,
      tokens.token,
    );
    expect(status.paid).toBe(true);

    await page.goto(`${server.url}/pages/wallet/index`);
    await page.getByText(enPayment.entry.PAY).waitFor();
    expect(await page.getByTestId('wallet-balance').textContent()).not.toBe(before);
    await shot('wallet-after');
  });

  it('a company account pays by bank transfer; an operator verifies it', async () => {
    const phone = '+886912000655';
    const email = 'ap@acme.example';
    const reg = await api<Tokens>('app/user/account/register', {
      phone,
      smsCode: await sendCode('sms', phone, 'register'),
      password: 'Transfer2026!',
      kind: 'company',
      agreement: true,
    });
    await api(
      'app/user/account/company/registerStep2',
      {
        companyName: 'Acme Travel Ltd.',
        ubn: '22099131',
        contactName: 'Ann Payable',
        email,
        emailCode: await sendCode('email', email, 'register'),
      },
      reg.token,
    );
    const { spec } = await aPlan('transfer');
    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId: spec.id, quantity: 1 }, payWay: 'transfer' },
      reg.token,
    );
    await signIn(page, reg);
    await page.goto(`${server.url}/pages/order/detail?id=${order.id}`);
    await page.getByRole('button', { name: 'Pay now' }).first().click();
    const sheet = page.getByRole('dialog', { name: enPayment.title });
    const transfer = sheet.getByRole('radio', { name: /transfer/i });
    await transfer.waitFor();
    await transfer.check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.waitForURL(/\/pages\/order\/corporate-transfer\?orderId=/);
    const reference = page.getByTestId('transfer-reference');
    await reference.waitFor();
    expect(await reference.textContent()).toMatch(/^ST\d+$/);
    await page.getByText(enPayment.transfer.status.awaiting_transfer).waitFor();
    await shot('transfer-bank-info');

    const proof = path.join(server.dataDir, 'proof.png');
    fs.writeFileSync(
      proof,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await page.getByLabel(enPayment.transfer.chooseFiles).setInputFiles(proof);
    await page.getByRole('button', { name: enPayment.transfer.submit }).click();
    await page.getByText(enPayment.transfer.status.proof_submitted).waitFor();
    await shot('transfer-proof-submitted');

    const verified = await api<{ status: string }>(
      'admin/order/transfer/verify',
      { orderId: order.id },
      opToken,
    );
    expect(verified.status).toBe('verified');
    await page.reload();
    await page.getByText(enPayment.transfer.status.verified).waitFor();
    await shot('transfer-verified');
    // an eSIM order is "to review" once its card is delivered: the delivery job, within its poll (5 s)
    await expect
      .poll(
        async () =>
          (await api<{ status: number }>(`app/order/info/info?id=${order.id}`, undefined, reg.token)).status,
        { timeout: 15_000 },
      )
      .toBe(3);
  });
});
