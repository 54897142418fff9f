import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import enInvoice from '../apps/web/src/locales/en/invoice';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Tokens } from './support/shop';

// Taiwan e-invoices (issue 28): a consumer checks out with a mobile barcode carrier (a wrong one is refused on
// the page first), pays from the wallet, and sees the issued invoice on the order page: number from the demo
// track, random code, carrier and amount, issued by the job through the ezPay simulator.

let server: RunningServer;
const { api, codeFor, signIn, aPlan } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;

async function shot(name: string) {
  await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
  await page.screenshot({ path: path.join(screenshotDir, `invoice-${name}.png`) });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('e-invoice journey', () => {
  it('buys with a mobile barcode and sees the invoice on the order page', async () => {
    const opToken = (
      await api<Tokens>('admin/base/open/login', { username: 'admin', password: 'admin123456' })
    ).token;
    const phone = '+886912000928';
    const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
    await api('app/user/account/sendSmsCode', { captchaId, captchaAnswer: 0, purpose: 'login', phone });
    const tokens = await api<Tokens>('app/user/account/login', {
      phone,
      smsCode: await codeFor(phone),
      agreement: true,
    });
    const me = await api<{ id: string }>('app/user/info/person', undefined, tokens.token);
    const { spec } = await aPlan('wallet');
    await api(
      'admin/user/ledger/adjust',
      {
        userPublicId: me.id,
        kind: 'wallet',
        amount: spec.price,
        note: 'e2e',
        idempotencyKey: `e2e-inv-${me.id}`,
      },
      opToken,
    );
    await signIn(page, tokens);

    await page.goto(`${server.url}/pages/order/submit?specId=${spec.id}&quantity=1&pay=wallet`);
    await page.getByRole('button', { name: enInvoice.kinds.mobile }).click();
    const code = page.getByRole('textbox', { name: enInvoice.choice.mobile });
    await code.fill('/ab12');
    await page.getByRole('button', { name: 'Submit order' }).click();
    const refused = page.getByRole('alert').filter({ hasText: enInvoice.rules.mobileBarcode });
    await refused.waitFor();
    await refused.scrollIntoViewIfNeeded();
    await shot('checkout-bad-barcode');
    await code.fill('/ab12c.+');
    await page.getByRole('button', { name: 'Submit order' }).click();
    // one tap from submit to the channel (issue 27): the wallet chosen at checkout pays, then the result page
    await page.waitForURL(/\/pages\/simpay\/viewback\?orderId=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));

    // the invoice job runs on the server's runner: wait until it is issued, then read the order page
    let number = '';
    for (let i = 0; i < 60 && !number; i++) {
      const { invoice } = await api<{ invoice: { state: string; number: string | null } | null }>(
        `app/invoice/info/order?id=${orderId}`,
        undefined,
        tokens.token,
      );
      if (invoice?.state === 'issued') number = invoice.number ?? '';
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(number).toMatch(/^DM\d{8}$/);
    await page.goto(`${server.url}/pages/order/detail?id=${orderId}`);
    const shown = page.getByTestId('invoice-number');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(`${number.slice(0, 2)}-${number.slice(2)}`);
    expect(await page.getByTestId('invoice-random').textContent()).toMatch(/^\d{4}$/);
    await page.getByText(`${enInvoice.kinds.mobile} /AB12C.+`).waitFor();
    await page.getByRole('heading', { name: enInvoice.order.title }).scrollIntoViewIfNeeded();
    await shot('order-page');
  });
});
