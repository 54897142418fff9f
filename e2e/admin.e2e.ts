import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import enAdmin from '../apps/admin/src/locales/en';
import enCs from '../apps/web/src/locales/en/cs';
import enOrder from '../apps/web/src/locales/en/order';
import enPayment from '../apps/web/src/locales/en/payment';
import { chromiumPath, launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Tokens } from './support/shop';

// An operator's day in the console (/admin/, desktop) while a buyer uses the shop (/, a phone) in a second
// browser: the operator signs in (the server asks for a captcha after failed attempts), publishes a new eSIM
// plan with a picture and texts, credits the buyer's wallet; the buyer finds the plan and pays it from the
// wallet; the operator ships the buyer's physical SIM card with a tracking number, approves the refund the
// buyer asks for, verifies a company's bank transfer and answers the buyer's chat. The buyer sees each result.

let server: RunningServer;
const { api, codeFor, signIn } = shopOf(() => server.url);
let shop: { context: BrowserContext; close: () => Promise<void> };
let buyer: Page;
let consoleBrowser: Browser;
let op: Page;
const consoleCsp: string[] = [];
const PHONE = '+886912000771';
let buyerTokens: Tokens;
let buyerId = '';
let buyerNickname = '';
let planId = 0;
let planSpecId = 0;
let planOrder = { id: 0, orderNo: '' };
const PLAN_TITLE_EN = 'Japan 1 GB · 7 days (console)';
const PLAN_TITLE_ZH = '日本 1GB 7天（后台发布）';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function sendCode(to: string, purpose: string, email = false) {
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  const body = { captchaId, captchaAnswer: 0, purpose, ...(email ? { email: to } : { phone: to }) };
  await api(email ? 'app/user/account/sendEmailCode' : 'app/user/account/sendSmsCode', body);
  return codeFor(to);
}

/** A console screenshot once antd's toasts have gone. */
async function shot(name: string) {
  await op.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
  await op.screenshot({ path: path.join(screenshotDir, `admin-${name}.png`), fullPage: true });
}
async function shopShot(name: string) {
  await buyer.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
  await buyer.screenshot({ path: path.join(screenshotDir, `admin-shop-${name}.png`) });
}

/** Opens an antd Select by its field id and picks the option with this text. */
async function pick(id: string, option: string) {
  await op.locator(`[id="${id}"]`).click();
  // antd titles each option with its label; a closing dropdown stays in the page, hidden
  await op.locator(`.ant-select-item-option[title="${option}"]`).filter({ visible: true }).click();
  // until every dropdown has closed (two may be leaving at once after quick picks)
  await expect
    .poll(() => op.locator('.ant-select-dropdown').filter({ visible: true }).count(), { timeout: 5000 })
    .toBe(0);
}

/** Waits for the success toast with this text (antd message). */
/** Signs the current operator out and `username` in, landing on the dashboard. */
async function switchOperator(username: string, password: string) {
  await op.getByRole('button', { name: enAdmin.buttons.logout }).click();
  await op.waitForURL(/\/admin\/login/);
  await op.getByLabel(enAdmin.login.username).fill(username);
  await op.getByLabel(enAdmin.login.password).fill(password);
  await op.getByRole('button', { name: enAdmin.login.submit }).click();
  await op.waitForURL(/\/admin\/?$/);
}

/** Finds the buyer among the customers and opens their drawer. */
async function openBuyer() {
  await op.goto(`${server.url}/admin/customers`);
  await op.getByPlaceholder(enAdmin.customers.search).fill(PHONE.slice(4));
  await op.getByRole('button', { name: enAdmin.buttons.filter }).click();
  await op.getByRole('cell', { name: buyerId }).waitFor();
  await op.getByText(buyerNickname, { exact: true }).first().click();
  return op.locator('.ant-drawer-content');
}

const toast = (text: string) => op.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

beforeAll(async () => {
  server = await startServer();
  shop = await launchBrowser();
  buyer = await shop.context.newPage();
  consoleBrowser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const ctx = await consoleBrowser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  op = await ctx.newPage();
  op.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });

  buyerTokens = await api<Tokens>('app/user/account/login', {
    phone: PHONE,
    smsCode: await sendCode(PHONE, 'login'),
    agreement: true,
  });
  const me = await api<{ id: string; nickname: string }>(
    'app/user/info/person',
    undefined,
    buyerTokens.token,
  );
  buyerId = me.id;
  buyerNickname = me.nickname;
  await signIn(buyer, buyerTokens);
});

afterAll(async () => {
  await consoleBrowser?.close();
  await shop?.close();
  await server?.stop();
  expect(consoleCsp).toEqual([]);
});

describe("an operator's day in the console", () => {
  it('signs in, with the captcha the server asks for after failed attempts', async () => {
    await op.goto(`${server.url}/pages/index/admin`);
    await op.waitForURL(/\/admin\/login/);
    await op.getByRole('heading', { name: enAdmin.login.title }).waitFor();
    await op.getByLabel(enAdmin.login.username).fill('admin');
    const alert = op.locator('.ant-alert');
    for (let i = 0; i < 3; i++) {
      await op.getByLabel(enAdmin.login.password).fill(`wrong-${i}-password`);
      await op.getByRole('button', { name: enAdmin.login.submit }).click();
      await alert.waitFor();
      await alert.filter({ hasNotText: enAdmin.login.captchaHint }).waitFor();
    }
    await op.getByLabel(enAdmin.login.password).fill('admin123456');
    await op.getByRole('button', { name: enAdmin.login.submit }).click();
    await op.getByText(enAdmin.login.captchaHint).waitFor();
    const slider = op.getByRole('slider', { name: 'captcha' });
    await slider.waitFor();
    await slider.focus();
    for (let i = 0; i < 5; i++) await op.keyboard.press('ArrowRight');
    await shot('login-captcha');
    await op.getByRole('button', { name: enAdmin.login.submit }).click();
    await op.waitForURL(/\/admin\/?$/);
    await op.getByRole('heading', { name: enAdmin.dashboard.title }).waitFor();
  });

  it('publishes a new plan with a picture and texts in two languages', async () => {
    await op.goto(`${server.url}/admin/goods/create`);
    await op.locator('[id="texts_zh-Hans_title"]').waitFor();
    await pick('typeId', 'Asia');
    await pick('saleTypeId', 'eSIM');
    await op.locator('[id="texts_zh-Hans_title"]').fill(PLAN_TITLE_ZH);
    await op.getByRole('tab', { name: 'English' }).click();
    await op.locator('[id="texts_en_title"]').fill(PLAN_TITLE_EN);
    await op.locator('[id="texts_en_subtitle"]').fill('Unlimited speed on Docomo');
    await op
      .locator('[id="texts_en_description"]')
      .fill('# Coverage\n\nAll of Japan on NTT Docomo.\n\n- Hotspot allowed\n- Activates on arrival');
    const picture = path.join(os.tmpdir(), `plan-${Date.now()}.png`);
    fs.writeFileSync(picture, png);
    await op.locator('.ant-upload input[type=file]').setInputFiles(picture);
    await op.locator('.ant-upload-list-item-done, .ant-upload-list-item-container img').first().waitFor();
    await op.getByRole('checkbox', { name: enAdmin.payWay.transfer }).check();
    await op.locator('[id="destinations"]').fill('JP');
    await op.keyboard.press('Enter');
    await op.locator('[id="specs_0_dataGb"]').fill('1');
    await pick('specs_0_allowance', enAdmin.goods.allowanceTotal);
    await op.locator('[id="specs_0_validityDays"]').fill('7');
    // a negative amount is refused where it was typed, not turned into 0 and saved
    await op.locator('[id="specs_0_price"]').fill('-5');
    await op.locator('[id="specs_0_stock"]').fill('-3');
    await op.locator('[id="specs_0_stock"]').blur();
    await op.getByText(enAdmin.form.notNegative).nth(1).waitFor();
    expect(await op.locator('[id="specs_0_price"]').inputValue()).toBe('-5');
    await op.locator('[id="specs_0_price"]').fill('199');
    await op.locator('[id="specs_0_stock"]').fill('50');
    await op.getByText(enAdmin.form.notNegative).first().waitFor({ state: 'detached' });
    await op.locator('[id="specs_0_sku"]').fill('JP-1GB-7D');
    await shot('goods-create');
    await op.getByRole('button', { name: enAdmin.buttons.save }).first().click();
    await op.waitForURL(/\/admin\/goods\/edit\/\d+$/);
    planId = Number(/edit\/(\d+)$/.exec(op.url())![1]);
    await op.getByRole('cell', { name: 'JP-1GB-7D' }).waitFor();
    await shot('goods-edit');

    const goods = await api<{ title: string; pictures: string[]; specs: { id: number; price: number }[] }>(
      `app/goods/info/info?id=${planId}`,
    );
    expect(goods.title).toBe(PLAN_TITLE_EN);
    expect(goods.pictures[0]).toMatch(/^\/uploads\//);
    expect(goods.specs[0]!.price).toBe(19_900);
    planSpecId = goods.specs[0]!.id;

    // repriced in place, as a shop does: the spec's own price dialog, no delete and add again
    await op.getByRole('button', { name: enAdmin.goods.changePrice }).click();
    const dialog = op.getByRole('dialog');
    await dialog.getByLabel(enAdmin.goods.price, { exact: true }).fill('189');
    await dialog.getByRole('button', { name: enAdmin.buttons.save }).click();
    await toast(enAdmin.goods.priceChanged);
    await op.getByRole('cell', { name: 'NT$189' }).waitFor();
    const repriced = await api<{ specs: { price: number }[] }>(`app/goods/info/info?id=${planId}`);
    expect(repriced.specs[0]!.price).toBe(18_900);

    await buyer.goto(`${server.url}/pages/goods/detail?id=${planId}`);
    await buyer.getByText(PLAN_TITLE_EN).first().waitFor();
    await buyer.getByText('All of Japan on NTT Docomo.').first().waitFor();
    await shopShot('new-plan');
  });

  it("credits the buyer's wallet; the buyer orders the plan and pays it from the wallet", async () => {
    const drawer = await openBuyer();
    await drawer.getByLabel(enAdmin.customers.adjustAmount).fill('1000');
    await drawer.getByLabel(enAdmin.customers.reason).fill('Welcome credit');
    await drawer.getByRole('button', { name: enAdmin.customers.adjust }).click();
    await toast(enAdmin.customers.adjusted);

    planOrder = await api<{ id: number; orderNo: string }>(
      'app/order/info/create',
      { buyNow: { specId: planSpecId, quantity: 1 }, payWay: 'wallet' },
      buyerTokens.token,
    );
    await buyer.goto(`${server.url}/pages/order/detail?id=${planOrder.id}`);
    await buyer.getByRole('button', { name: 'Pay now' }).first().click();
    const sheet = buyer.getByRole('dialog', { name: enPayment.title });
    await sheet.getByRole('radio', { name: /Wallet/ }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await buyer.getByText('Payment received').waitFor();
    await shopShot('plan-paid');
    const paid = await api<{ paid: boolean }>(
      `app/order/pay/status?orderId=${planOrder.id}`,
      undefined,
      buyerTokens.token,
    );
    expect(paid.paid).toBe(true);
  });

  it('ships the physical SIM card with a tracking number; the buyer sees it', async () => {
    const address = await api<{ id: number }>(
      'app/user/address/add',
      {
        contact: 'Lin Mei',
        phone: '+14155550123',
        country: 'US',
        region: 'CA',
        detail: '1 Market St',
      },
      buyerTokens.token,
    );
    const cards = await api<{ list: { id: number; goodsType: number; soldOut: boolean }[] }>(
      'app/goods/info/page',
      { page: 1, size: 100 },
    );
    let sim: { specId: number } | null = null;
    for (const c of cards.list.filter((x) => x.goodsType === 0 && !x.soldOut)) {
      const g = await api<{
        payWays: string[];
        saleType: { code: string };
        specs: { id: number; stock: number; noFreight: number }[];
      }>(`app/goods/info/info?id=${c.id}`);
      const spec = g.specs.find((s) => s.stock > 0 && !s.noFreight);
      if (g.saleType.code === 'sim' && g.payWays.includes('wallet') && spec) {
        sim = { specId: spec.id };
        break;
      }
    }
    expect(sim).not.toBeNull();
    const order = await api<{ id: number; orderNo: string }>(
      'app/order/info/create',
      { buyNow: { specId: sim!.specId, quantity: 1 }, payWay: 'wallet', addressId: address.id },
      buyerTokens.token,
    );
    await api(
      'app/order/pay/walletPay',
      { orderId: order.id, idempotencyKey: `e2e-sim-${order.id}` },
      buyerTokens.token,
    );

    await op.goto(`${server.url}/admin/orders`);
    await op.getByPlaceholder(enAdmin.orders.orderNo).fill(order.orderNo);
    await op.getByRole('button', { name: enAdmin.buttons.filter }).click();
    await op.getByRole('link', { name: order.orderNo }).waitFor();
    await op.getByPlaceholder(enAdmin.orders.orderNo).fill('');
    await op.getByRole('button', { name: enAdmin.buttons.filter }).click();
    await op.getByRole('link', { name: planOrder.orderNo }).waitFor();
    await shot('orders');
    await op.getByRole('link', { name: order.orderNo }).click();
    await op.waitForURL(new RegExp(`/admin/orders/show/${order.id}$`));
    await op.getByPlaceholder(enAdmin.orders.carrier).fill('Chunghwa Post');
    await op.getByPlaceholder(enAdmin.orders.trackingNo).fill('RR123456789TW');
    await op.getByRole('button', { name: enAdmin.orders.shipButton }).click();
    await toast(enAdmin.orders.shipped);
    await op.getByText(enAdmin.orders.trackingEvent).waitFor();
    await shot('order-detail');

    await buyer.goto(`${server.url}/pages/order/detail?id=${order.id}`);
    await buyer.getByText('RR123456789TW').waitFor();
    await buyer.getByText(enOrder.status['2']).first().waitFor();
    await shopShot('sim-shipped');
  });

  it('approves part of the refund the buyer asks for; the buyer sees the order refunded', async () => {
    await api(
      'app/order/info/refund',
      { id: planOrder.id, reason: 'no_longer_needed', description: 'Trip cancelled' },
      buyerTokens.token,
    );
    await op.goto(`${server.url}/admin/orders/show/${planOrder.id}`);
    await op.getByText('Trip cancelled').waitFor();
    // the reason by its name in the operator's language, not the dictionary value the order keeps
    await op
      .locator('.ant-descriptions-item-content')
      .filter({ hasText: /^No longer needed$/ })
      .waitFor();
    await op.getByRole('button', { name: enAdmin.orders.approveRefund }).click();
    // the dialog offers the whole ask; the operator gives back 1.00 of it (a partial refund)
    const dialog = op.getByRole('dialog', { name: enAdmin.orders.approveRefund });
    const amount = dialog.getByLabel(enAdmin.orders.approveAmount);
    expect(Number(await amount.inputValue())).toBeGreaterThan(1);
    await amount.fill('1');
    await shot('refund-partial');
    await dialog.getByRole('button', { name: enAdmin.buttons.confirm }).click();
    await toast(enAdmin.orders.refundApproved);
    await op.locator('.ant-tag').filter({ hasText: enAdmin.orderStatus['6'] }).first().waitFor();
    await op.getByText(enAdmin.orders.refundAsked).waitFor();
    // refunded NT$1; the ask is kept beside it
    await op
      .locator('.ant-descriptions-item-content')
      .filter({ hasText: /^NT\$1$/ })
      .waitFor();
    // the order's log names the partial approval in the operator's language, from the note's amounts
    await op
      .locator('.ant-timeline')
      .getByText(/^Partial refund: NT\$1 of NT\$[\d,.]+$/)
      .waitFor();
    await shot('refund-approved');

    await buyer.goto(`${server.url}/pages/order/detail?id=${planOrder.id}`);
    await buyer.getByText(enOrder.status['6']).first().waitFor();
    await shopShot('refunded');
  });

  it("verifies a company's bank transfer; the company sees it verified", async () => {
    const phone = '+886912000772';
    const email = 'ap@console.example';
    const reg = await api<Tokens>('app/user/account/register', {
      phone,
      smsCode: await sendCode(phone, 'register'),
      password: 'Transfer2026!',
      kind: 'company',
      agreement: true,
    });
    await api(
      'app/user/account/company/registerStep2',
      {
        companyName: 'Console Travel Ltd.',
        ubn: '22099131',
        contactName: 'Ann Payable',
        email,
        emailCode: await sendCode(email, 'register', true),
      },
      reg.token,
    );
    const order = await api<{ id: number; orderNo: string }>(
      'app/order/info/create',
      { buyNow: { specId: planSpecId, quantity: 2 }, payWay: 'transfer' },
      reg.token,
    );
    const company = await shop.context.newPage();
    await signIn(company, reg);
    await company.goto(`${server.url}/pages/order/corporate-transfer?orderId=${order.id}`);
    await company.getByTestId('transfer-reference').waitFor();
    const proof = path.join(server.dataDir, 'proof.png');
    fs.writeFileSync(proof, png);
    await company.getByLabel(enPayment.transfer.chooseFiles).setInputFiles(proof);
    await company.getByRole('button', { name: enPayment.transfer.submit }).click();
    await company.getByText(enPayment.transfer.status.proof_submitted).waitFor();

    await op.goto(`${server.url}/admin/transfers`);
    const row = op.getByRole('row').filter({ hasText: order.orderNo });
    await row.getByRole('button', { name: enAdmin.transfers.review }).click();
    const drawer = op.locator('.ant-drawer-content');
    await drawer.getByText('image/png').waitFor();
    // the proof itself, fetched with the operator's token, shown inline
    const picture = drawer.getByAltText(/^Transfer proof \d+$/);
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(/^blob:/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await shot('transfer-review');
    await drawer.getByRole('button', { name: enAdmin.transfers.verify }).click();
    await toast(enAdmin.transfers.verified);

    await company.reload();
    await company.getByText(enPayment.transfer.status.verified).waitFor();
    await company.screenshot({ path: path.join(screenshotDir, 'admin-shop-transfer-verified.png') });
    await company.close();
  });

  it("answers the buyer's chat beside the buyer's orders; the buyer reads the answer", async () => {
    await api('app/cs/session/create', {}, buyerTokens.token);
    await api(
      'app/cs/msg/send',
      { clientId: `e2e-buyer-${Date.now()}`, type: 'text', text: 'Where is my SIM card?' },
      buyerTokens.token,
    );
    await op.goto(`${server.url}/admin/chat`);
    await op.getByTestId('chat-session').filter({ hasText: buyerNickname }).first().click();
    await op.getByTestId('chat-messages').getByText('Where is my SIM card?').waitFor();
    await op.getByText(planOrder.orderNo).waitFor();
    await op.getByRole('button', { name: enAdmin.chat.assignToMe }).click();
    await op.getByRole('button', { name: enAdmin.chat.unassign }).waitFor();
    await op.getByLabel(enAdmin.chat.reply).fill('It left today with Chunghwa Post: RR123456789TW.');
    await op.getByRole('button', { name: enAdmin.chat.send }).click();
    await op.getByTestId('chat-messages').getByText('It left today with Chunghwa Post').waitFor();
    await shot('chat');

    // the company signed in on the same (shared-storage) phone browser: the buyer signs in again
    await signIn(buyer, buyerTokens);
    await buyer.goto(`${server.url}/uni_modules/cool-cs/pages/chat`);
    await buyer.getByRole('status').filter({ hasText: enCs.state.open }).waitFor();
    await buyer.getByText('It left today with Chunghwa Post: RR123456789TW.').waitFor();
    await shopShot('chat-answered');
  });

  it("shows the day on the dashboard: today's orders, payments by channel, work waiting", async () => {
    await op.goto(`${server.url}/admin/`);
    await op.getByText(enAdmin.dashboard.paymentsByChannel).waitFor();
    await op.locator('.recharts-surface').first().waitFor();
    await op.locator('.recharts-pie').first().waitFor();
    const todayOrders = op.locator('.ant-statistic').filter({ hasText: enAdmin.dashboard.todayOrders });
    expect(Number(await todayOrders.locator('.ant-statistic-content-value').textContent())).toBeGreaterThan(
      0,
    );
    await shot('dashboard');
  });

  it('shows a catalogue operator only its part of the menu, and a plain refusal on the rest', async () => {
    await switchOperator('catalogue', 'Catalogue#2026');
    const menu = op.locator('.ant-layout-sider');
    await menu.getByText(enAdmin.menu.catalogue, { exact: true }).waitFor();
    for (const area of [
      enAdmin.menu.orders,
      enAdmin.menu.customers,
      enAdmin.menu.audit,
      enAdmin.menu['base/sys/admin'],
    ])
      expect(await menu.getByText(area, { exact: true }).count(), area).toBe(0);
    // opened by its address: a refusal page, not a page of empty tables and refused calls (the server
    // refuses them either way: the roles table's API tests)
    for (const page of ['orders', 'operators']) {
      await op.goto(`${server.url}/admin/${page}`);
      await op.getByText(enAdmin.buttons.notAccessTitle).waitFor();
      expect(await op.getByRole('table').count(), page).toBe(0);
    }
    await shot('catalogue-refused');
  });

  it("shows support a customer's wallet but no adjustment form (finance's)", async () => {
    await switchOperator('support', 'Support#2026');
    const drawer = await openBuyer();
    await drawer.getByText(enAdmin.customers.balanceAfter).first().waitFor();
    expect(await drawer.getByRole('button', { name: enAdmin.customers.adjust }).count()).toBe(0);
    expect(await drawer.getByLabel(enAdmin.customers.adjustAmount).count()).toBe(0);
    await shot('support-customer');
  });
});
