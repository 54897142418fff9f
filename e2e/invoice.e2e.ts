import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import enAdmin from '../apps/admin/src/locales/en';
import { invoiceTexts } from '../apps/admin/src/locales/invoices';
import enInvoice from '../apps/web/src/locales/en/invoice';
import hantInvoice from '../apps/web/src/locales/zh-Hant/invoice';
import hantOrder from '../apps/web/src/locales/zh-Hant/order';
import { launchBrowser, launchDesktop, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Tokens } from './support/shop';

// Taiwan e-invoices (issue 28): a consumer checks out with a mobile barcode carrier (a wrong one is refused on
// the page first), pays from the wallet, and sees the issued invoice on the order page: number from the demo
// track, random code, carrier and amount, issued by the job through the ezPay simulator. Then refunds, read in
// Traditional Chinese: the buyer asks for a refund on the shop's page and an operator approves part of it in
// the console, and the order page shows the allowance (折讓) with its number and amount; a second order refunded
// whole in the same period has its invoice voided. The operator finds each, the allowance and the void, in the
// console's list of invoices. Last, an operator loads a new number track, which the shop registers with ezPay
// (its simulator, through the track API) as it is loaded.

const enConsoleInvoices = invoiceTexts.en.invoices;
let server: RunningServer;
const { api, codeFor, signIn, signInConsole, aPlan } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let desktop: Browser;
let op: Page;
let tokens: Tokens;
let opToken = '';
let specId = 0;
let firstOrder = 0;

const shot = (name: string, on: Page = page) => screenshot(on, `invoice-${name}`, on === op);

type InvoiceView = {
  state: string;
  number: string | null;
  amount: number;
  allowances: { number: string | null; amount: number; state: string }[];
};
const invoiceOf = async (orderId: number) =>
  (
    await api<{ invoice: InvoiceView | null }>(
      `app/invoice/info/order?id=${orderId}`,
      undefined,
      tokens.token,
    )
  ).invoice;

/** The buyer asks for a refund of the order on the shop's refund page (zh-Hant). */
async function askRefund(orderId: number, description: string) {
  await page.goto(`${server.url}/pages/order/detail?id=${orderId}`);
  await page.getByRole('link', { name: hantOrder.detail.refund }).click();
  await page.waitForURL(new RegExp(`/pages/order/refund\\?id=${orderId}$`));
  await page.getByLabel(hantOrder.refund.reason).selectOption({ index: 1 });
  await page.getByLabel(hantOrder.refund.description).fill(description);
  await page.getByRole('button', { name: hantOrder.refund.submit }).click();
  await page.getByText(hantOrder.refund.submitted).first().waitFor();
}

/**
 * The operator finds the order's allowance or void in the console's list of invoices (filtered by kind and
 * the order number) and reads its row: the row's cells.
 */
async function consoleDocument(orderId: number, kind: 'allowance' | 'void', name: string) {
  const { orderNo } = await api<{ orderNo: string }>(
    `admin/order/info/info?id=${orderId}`,
    undefined,
    opToken,
  );
  await op.goto(`${server.url}/admin/invoices`);
  const card = op.locator('.ant-card').filter({ hasText: enConsoleInvoices.documents });
  await card.getByRole('combobox').first().click();
  await op.getByTitle(enConsoleInvoices.kinds[kind]).click();
  await card.getByLabel(enAdmin.orders.orderNo).fill(orderNo);
  await card.getByRole('button', { name: enAdmin.buttons.filter }).click();
  const row = card.locator('tbody tr').filter({ has: op.getByRole('link', { name: orderNo }) });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => card.locator('tbody tr.ant-table-row').count()).toBe(1);
  await row.scrollIntoViewIfNeeded();
  await shot(name, op);
  return row;
}

/** The operator approves the order's refund in the console: `amount` (major units) or, when null, all of it. */
async function approveInConsole(orderId: number, amount: number | null, name: string) {
  await op.goto(`${server.url}/admin/orders/show/${orderId}`);
  await op.getByRole('button', { name: enAdmin.orders.approveRefund }).click();
  const dialog = op.getByRole('dialog', { name: enAdmin.orders.approveRefund });
  if (amount !== null) await dialog.getByLabel(enAdmin.orders.approveAmount).fill(String(amount));
  await shot(name, op);
  await dialog.getByRole('button', { name: enAdmin.buttons.confirm }).click();
  await op
    .locator('.ant-message-notice')
    .filter({ hasText: enAdmin.orders.refundApproved })
    .first()
    .waitFor();
}

beforeAll(async () => {
  server = await startServer({ JOB_POLL_SECONDS: '1' });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  ({ browser: desktop, page: op } = await launchDesktop());
});

afterAll(async () => {
  await desktop?.close();
  await browser?.close();
  await server?.stop();
});

describe('e-invoice journey', () => {
  it('buys with a mobile barcode and sees the invoice on the order page', async () => {
    opToken = (await api<Tokens>('admin/base/open/login', { username: 'admin', password: 'admin123456' }))
      .token;
    const phone = '+886912000928';
    const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
    await api('app/user/account/sendSmsCode', { captchaId, captchaAnswer: 0, purpose: 'login', phone });
    tokens = await api<Tokens>('app/user/account/login', {
      phone,
      smsCode: await codeFor(phone),
      agreement: true,
    });
    const me = await api<{ id: string }>('app/user/info/person', undefined, tokens.token);
    const { spec } = await aPlan('wallet');
    specId = spec.id;
    // enough for this order and the one refunded whole below
    await api(
      'admin/user/ledger/adjust',
      {
        userPublicId: me.id,
        kind: 'wallet',
        amount: spec.price * 2,
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
    firstOrder = orderId;

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

  it('a partial refund approved in the console gives an allowance (折讓) on the order page', async () => {
    const issued = await invoiceOf(firstOrder);
    expect(issued?.state).toBe('issued');
    await page.evaluate(() => localStorage.setItem('language', 'zh-Hant'));
    await askRefund(firstOrder, '只用了一半的流量');
    await shot('refund-asked-zh-Hant');
    await signInConsole(op);
    await approveInConsole(firstOrder, 30, 'console-refund-partial');

    // the allowance job issues it through the ezPay simulator; the order page asks again until it is issued
    await page.goto(`${server.url}/pages/order/detail?id=${firstOrder}`);
    const allowance = page.getByTestId('invoice-allowance');
    await expect
      .poll(() => allowance.textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^折讓單 \\S+：NT\\$30 · ${hantInvoice.allowanceStates.done}$`));
    const after = await invoiceOf(firstOrder);
    expect(after?.state).toBe('issued');
    expect(after?.allowances).toEqual([{ number: expect.any(String), amount: 30, state: 'done' }]);
    expect(await allowance.textContent()).toContain(after?.allowances[0]?.number ?? '?');
    await page.getByText(hantInvoice.order.allowances.replace('{{amount}}', 'NT$30')).waitFor();
    await page.getByRole('heading', { name: hantInvoice.order.title }).scrollIntoViewIfNeeded();
    await shot('allowance-zh-Hant');

    // the operator sees the allowance in the console's invoices: its number, on the order's invoice, uploaded
    const row = await consoleDocument(firstOrder, 'allowance', 'console-allowance');
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(after?.allowances[0]?.number ?? '?');
    expect(text).toContain(enConsoleInvoices.ofInvoice.replace('{{number}}', issued?.number ?? '?'));
    expect(text).toContain('NT$30');
    expect(text).toContain(enConsoleInvoices.states.done);
    expect(text).toContain(enConsoleInvoices.uploads.uploaded);
  });

  it('a whole refund in the same period voids the invoice', async () => {
    // set-up through the API (the checkout is the first test's subject): a second order paid from the wallet
    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId, quantity: 1 }, payWay: 'wallet' },
      tokens.token,
    );
    await api(
      'app/order/pay/walletPay',
      { orderId: order.id, idempotencyKey: `e2e-inv2-${order.id}` },
      tokens.token,
    );
    await expect.poll(async () => (await invoiceOf(order.id))?.state, { timeout: 30_000 }).toBe('issued');
    await askRefund(order.id, '行程取消');
    await approveInConsole(order.id, null, 'console-refund-whole');
    await page.goto(`${server.url}/pages/order/detail?id=${order.id}`);
    await page.getByText(hantOrder.status['6']).first().waitFor();
    // the eSIM went back with the refund: the order page no longer offers it as ready
    await page.getByRole('heading', { name: hantOrder.delivery.esim.cancelled }).waitFor();
    await page.getByText(hantOrder.delivery.body.cancelled).waitFor();
    await expect.poll(async () => (await invoiceOf(order.id))?.state, { timeout: 30_000 }).toBe('voided');
    await page.reload();
    await page.getByText(hantInvoice.states.voided).waitFor();
    expect(await page.getByTestId('invoice-allowance').count()).toBe(0);
    await page.getByRole('heading', { name: hantInvoice.order.title }).scrollIntoViewIfNeeded();
    await shot('voided-zh-Hant');

    // and the operator sees the void in the console: the whole invoice, uploaded
    const voided = await invoiceOf(order.id);
    const row = await consoleDocument(order.id, 'void', 'console-void');
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(voided?.number ?? '?');
    expect(text).toContain(enConsoleInvoices.kinds.void);
    expect(text).toContain(`NT$${voided?.amount ?? '?'}`);
    expect(text).toContain(enConsoleInvoices.uploads.uploaded);
  });

  it('an operator loads a number track and the shop registers it with ezPay', async () => {
    // the current two-month period in Taipei (its odd month)
    const taipei = new Date(Date.now() + 8 * 3_600_000);
    const month = taipei.getUTCMonth() + 1;
    const period = `${taipei.getUTCFullYear()}${String(month - ((month + 1) % 2)).padStart(2, '0')}`;
    await op.goto(`${server.url}/admin/invoices`);
    const card = op.locator('.ant-card').filter({ hasText: enConsoleInvoices.tracks });
    await card.getByLabel(enConsoleInvoices.period).fill(period);
    await card.getByLabel(enConsoleInvoices.prefix).fill('EZ');
    await card.getByLabel(enConsoleInvoices.start).fill('0');
    await card.getByLabel(enConsoleInvoices.end).fill('49');
    await card.getByRole('button', { name: enConsoleInvoices.addTrack }).click();
    await op.locator('.ant-message-notice').filter({ hasText: enConsoleInvoices.trackRegistered }).waitFor();
    const row = card.locator('tbody tr').filter({ hasText: 'EZ00000000' });
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(period);
    expect(text).toContain('EZ00000049');
    expect(text).toContain(enConsoleInvoices.registrations.registered);
    // the period's first track is in use at ezPay; this one waits its turn
    expect(text).toContain(enConsoleInvoices.providerStates.paused);
    await row.scrollIntoViewIfNeeded();
    await shot('console-track-registered', op);
  });
});
