import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { SimCardDetail, SimCardListResponse } from '@simshop/contracts';
import enAdmin from '../apps/admin/src/locales/en';
import enCompany from '../apps/web/src/locales/en/company';
import enSimcard from '../apps/web/src/locales/en/simcard';
import hantCompany from '../apps/web/src/locales/zh-Hant/company';
import hantInvoice from '../apps/web/src/locales/zh-Hant/invoice';
import hantOrder from '../apps/web/src/locales/zh-Hant/order';
import hantPayment from '../apps/web/src/locales/zh-Hant/payment';
import { launchBrowser, launchDesktop, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Goods, type Tokens } from './support/shop';

// Issue 28, a company fleet from the CSV to an installed eSIM. The owner (Traditional Chinese) invites a
// traveller, who joins from the invitation's link on their own iPhone (English); the owner uploads a CSV of 60
// travellers with Chinese names, reads the preview and places one order, held above the company's threshold;
// the approver approves it; the owner pays it by bank transfer on the shop's pages (the payee, the proof
// picture); an operator verifies the transfer in the console; the partner delivers the 60 eSIMs in parts of
// ten, each handed to its traveller; the traveller opens the app, sees only their own eSIM, and installs it
// (the QR on screen decodes to the stored LPA code; the iOS one-tap link is there).

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TRAVELLER_PHONE = '+886913000002';
const TRAVELLER_ROW_NAME = '王小明2';

let server: RunningServer;
const { api, codeFor, signIn, signInConsole } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let desktop: Browser;
let op: Page;
let phone: Page;
let owner: Tokens;
let approver: Tokens;
let traveller: Tokens;
let batchOrder = { id: 0, orderNo: '' };

async function sendCode(to: string, purpose: string, email = false) {
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  const body = { captchaId, captchaAnswer: 0, purpose, ...(email ? { email: to } : { phone: to }) };
  await api(email ? 'app/user/account/sendEmailCode' : 'app/user/account/sendSmsCode', body);
  return codeFor(to);
}

const shot = (name: string, on: Page = page) => screenshot(on, `company-${name}`);

/** An eSIM plan the bank transfer pays with at least `n` in stock. */
async function planFor(n: number) {
  const list = (
    await api<{ list: { id: number }[] }>('app/goods/info/page', { page: 1, size: 100, goodsType: 1 })
  ).list;
  for (const { id } of list) {
    const g = await api<Goods>(`app/goods/info/info?id=${id}`);
    const spec = g.specs.find((s) => !s.soldOut && s.stock >= n);
    if (spec && g.payWays.includes('transfer')) return { goods: g, spec };
  }
  throw new Error(`no eSIM plan with ${n} in stock`);
}

function travellersCsv() {
  const names = ['陳美玲', '林志豪', '王小明', '張雅婷', '李建宏', '黃淑芬'];
  const rows = ['\uFEFF姓名,手機,目的地,出發日期,回程日期'];
  for (let i = 1; i <= 60; i++)
    rows.push(`${names[i % 6]}${i},+88691${String(3000000 + i).padStart(7, '0')},JP,2026-12-01,2026-12-08`);
  return rows.join('\r\n');
}

/** The text of the QR code drawn in `img`, read from its pixels on screen. */
async function readQr(img: Locator): Promise<string | null> {
  await img.evaluate((el: HTMLImageElement) => el.decode());
  const png = PNG.sync.read(await img.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

const signInAs = async (p: Page, tokens: Tokens, lang: string) => {
  await signIn(p, tokens);
  await p.evaluate((l) => localStorage.setItem('language', l), lang);
};

beforeAll(async () => {
  // the batch's cards are handed over when it is delivered: the backstop tick (COMPANY_ASSIGN_SECONDS) is
  // put out of the way, its first run at start comes before any batch
  server = await startServer({ JOB_POLL_SECONDS: '1', COMPANY_ASSIGN_SECONDS: '3600' });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  // the operator's desktop console, and the traveller's iPhone in a context of its own beside it
  ({ browser: desktop, page: op } = await launchDesktop());
  phone = await (
    await desktop.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
      locale: 'en-US',
    })
  ).newPage();

  const ownerPhone = '+886912000828';
  owner = await api<Tokens>('app/user/account/register', {
    phone: ownerPhone,
    smsCode: await sendCode(ownerPhone, 'register'),
    password: 'Fleet2026!x',
    kind: 'company',
    agreement: true,
  });
  await api(
    'app/user/account/company/registerStep2',
    {
      companyName: '環宇旅遊有限公司',
      ubn: '22099131',
      contactName: '陳經理',
      email: 'fleet@company.example',
      emailCode: await sendCode('fleet@company.example', 'register', true),
    },
    owner.token,
  );
  await api('app/company/setup', { name: '環宇旅遊', approvalThreshold: 100 }, owner.token);
  const approverPhone = '+886912000829';
  approver = await api<Tokens>('app/user/account/login', {
    phone: approverPhone,
    smsCode: await sendCode(approverPhone, 'login'),
    agreement: true,
  });
  const invite = await api<{ code: string }>(
    'app/company/invite/add',
    { role: 'approver', name: 'Approver Wu', phone: approverPhone },
    owner.token,
  );
  await api('app/company/invite/join', { code: invite.code }, approver.token);
  traveller = await api<Tokens>('app/user/account/login', {
    phone: TRAVELLER_PHONE,
    smsCode: await sendCode(TRAVELLER_PHONE, 'login'),
    agreement: true,
  });
});

afterAll(async () => {
  await desktop?.close();
  await browser?.close();
  await server?.stop();
});

describe('company fleet journey', () => {
  it('invites a traveller, who joins from the link in the invitation on their own phone', async () => {
    await signInAs(page, owner, 'zh-Hant');
    await page.goto(`${server.url}/pages/company/index`);
    await page.getByRole('tab', { name: hantCompany.tabs.members }).click();
    await page.getByLabel(hantCompany.members.name, { exact: true }).fill('王小明');
    await page.getByLabel(hantCompany.members.contact).fill(TRAVELLER_PHONE);
    await page.getByRole('button', { name: hantCompany.members.send }).click();
    await page.getByText(hantCompany.members.invited).waitFor();
    await shot('invited-zh-Hant');

    // the SMS the demo gateway kept, in the inviter's language, carries the link
    const sms = await (
      await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(TRAVELLER_PHONE)}`)
    ).json();
    const body = (sms as { list: { body: string }[] }).list
      .map((m) => m.body)
      .find((b) => b.includes('邀請'));
    const link = /https?:\/\/\S+\/pages\/company\/join\?code=\S+/.exec(body ?? '')?.[0];
    expect(link, body).toBeTruthy();
    await signInAs(phone, traveller, 'en');
    await phone.goto(link ?? '');
    await phone.getByRole('button', { name: enCompany.join.submit }).click();
    await phone.waitForURL(/\/pages\/company\/index$/);
    await phone.getByText(enCompany.head.traveller).waitFor();
    await shot('traveller-joined-en', phone);
  });

  it('uploads 60 travellers with Chinese names, previews them and orders the batch', async () => {
    const { goods, spec } = await planFor(60);
    await page.goto(`${server.url}/pages/company/index`);
    await page.getByRole('tab', { name: hantCompany.tabs.buy }).click();
    await page.getByLabel(hantCompany.bulk.plan).selectOption(String(goods.id));
    await page
      .getByLabel(hantCompany.bulk.spec)
      .locator(`option[value="${spec.id}"]`)
      .waitFor({ state: 'attached' });
    await page.getByLabel(hantCompany.bulk.spec).selectOption(String(spec.id));
    await page.getByLabel(hantCompany.bulk.csv).setInputFiles({
      name: 'travellers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(travellersCsv(), 'utf8'),
    });
    await page.getByRole('button', { name: hantCompany.bulk.preview }).click();
    await page.getByRole('heading', { name: '60 張 eSIM travellers.csv' }).waitFor();
    expect(await page.locator('.company-table tbody tr').count()).toBe(60);
    await page.getByRole('cell', { name: TRAVELLER_ROW_NAME, exact: true }).waitFor();
    expect(await page.locator('.company-row-bad').count()).toBe(0);
    await shot('preview-zh-Hant');
    expect(await page.getByLabel(hantCompany.bulk.payWay).inputValue()).toBe('transfer');
    await page.getByRole('button', { name: hantCompany.bulk.confirm }).click();
    await page.getByText(hantCompany.status.awaiting_approval).first().waitFor();
    await shot('ordered-zh-Hant');
  });

  it('lets the approver approve the held order', async () => {
    await signIn(page, approver);
    await page.goto(`${server.url}/pages/company/index`);
    await page.getByRole('heading', { name: enCompany.approvals.title }).waitFor();
    await page.getByLabel(enCompany.approvals.reason).fill('Tokyo sales trip');
    await page.getByRole('button', { name: enCompany.approvals.approve }).click();
    await page.getByText(enCompany.approvals.empty).waitFor();
    const batches = await api<{
      list: { status: string; quantity: number; reason: string; orderId: number; orderNo: string }[];
    }>('app/company/batch/page', { page: 1, size: 10 }, owner.token);
    expect(batches.list[0]).toMatchObject({ status: 'approved', quantity: 60, reason: 'Tokyo sales trip' });
    batchOrder = { id: batches.list[0]?.orderId ?? 0, orderNo: batches.list[0]?.orderNo ?? '' };
    await shot('approved');
  });

  it('the owner pays the approved order by bank transfer and uploads the proof', async () => {
    await signInAs(page, owner, 'zh-Hant');
    await page.goto(`${server.url}/pages/company/index`);
    await page.getByRole('tab', { name: hantCompany.tabs.orders }).click();
    await page.getByText(hantCompany.status.approved).first().waitFor();
    await page.getByRole('link', { name: batchOrder.orderNo }).click();
    await page.waitForURL(new RegExp(`/pages/order/detail\\?id=${batchOrder.id}$`));
    await page.getByRole('button', { name: hantOrder.detail.pay }).first().click();
    const sheet = page.getByRole('dialog', { name: hantPayment.title });
    await sheet.getByRole('radio', { name: /銀行轉帳/ }).check();
    await sheet.getByRole('button', { name: hantPayment.payNow }).click();
    await page.waitForURL(new RegExp(`/pages/order/corporate-transfer\\?orderId=${batchOrder.id}$`));
    expect(await page.getByTestId('transfer-reference').textContent()).toMatch(/^ST\d+$/);
    await page.getByText(hantPayment.transfer.status.awaiting_transfer).waitFor();
    await shot('transfer-payee-zh-Hant');

    const proof = path.join(server.dataDir, 'proof.png');
    const png = new PNG({ width: 32, height: 32 });
    png.data.fill(200);
    fs.writeFileSync(proof, PNG.sync.write(png));
    await page.getByLabel(hantPayment.transfer.chooseFiles).setInputFiles(proof);
    await page.getByRole('button', { name: hantPayment.transfer.submit }).click();
    await page.getByText(hantPayment.transfer.status.proof_submitted).waitFor();
    await shot('transfer-proof-zh-Hant');
  });

  it('an operator verifies the transfer in the console', async () => {
    await signInConsole(op);
    await op.goto(`${server.url}/admin/transfers`);
    const row = op.getByRole('row').filter({ hasText: batchOrder.orderNo });
    await row.getByRole('button', { name: enAdmin.transfers.review }).click();
    const drawer = op.locator('.ant-drawer-content');
    const picture = drawer.getByAltText(/^Transfer proof \d+$/);
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
    await shot('console-transfer-review', op);
    await drawer.getByRole('button', { name: enAdmin.transfers.verify }).click();
    await op.locator('.ant-message-notice').filter({ hasText: enAdmin.transfers.verified }).first().waitFor();

    await page.reload();
    await page.getByText(hantPayment.transfer.status.verified).waitFor();
    await shot('transfer-verified-zh-Hant');
  });

  it('delivers the 60 eSIMs in parts and hands each to its traveller; one company invoice', async () => {
    // from the transfer page back to the order, which follows the delivery
    await page.getByRole('link', { name: hantPayment.transfer.openOrder }).click();
    await page.waitForURL(new RegExp(`/pages/order/detail\\?id=${batchOrder.id}$`));
    await page.getByRole('heading', { name: hantOrder.delivery.esim.delivered }).waitFor({ timeout: 60_000 });
    // sixty cards are not sixty buttons: a few, and all of them through My SIM cards
    await page.getByRole('link', { name: hantOrder.delivery.moreCards.replace('{{count}}', '60') }).waitFor();
    // the batch is invoiced to the company (B2B: its title and UBN), with a printable proof
    await page.getByText('環宇旅遊有限公司（22099131）').waitFor();
    await expect
      .poll(() => page.getByTestId('invoice-number').textContent(), { timeout: 30_000 })
      .toMatch(/^[A-Z]{2}-\d{8}$/);
    await page.getByRole('heading', { name: hantInvoice.order.title }).scrollIntoViewIfNeeded();
    await shot('order-delivered-zh-Hant');
    await page.getByRole('button', { name: hantInvoice.proof.open }).click();
    await page.getByText(hantInvoice.proof.title).waitFor();
    await shot('invoice-proof-zh-Hant');
    // the traveller who joined gets theirs; the 59 rows without a member wait for theirs to join
    await expect
      .poll(
        async () =>
          (
            await api<{ list: { assigned: number; travellers: number }[] }>(
              'app/company/batch/page',
              { page: 1, size: 10 },
              owner.token,
            )
          ).list[0],
        { timeout: 15_000, interval: 500 },
      )
      .toMatchObject({ assigned: 1, travellers: 60 });
    const cards = await api<{ iccid: string; travellerName: string | null }[]>(
      'app/company/card/list',
      undefined,
      owner.token,
    );
    expect(cards).toHaveLength(60);
    expect(cards.filter((c) => c.travellerName !== null).map((c) => c.travellerName)).toEqual([
      TRAVELLER_ROW_NAME,
    ]);
    await page.goto(`${server.url}/pages/company/index`);
    await page.getByRole('tab', { name: hantCompany.tabs.cards }).click();
    await page.getByRole('heading', { name: hantCompany.cards.title }).waitFor();
    expect(await page.locator('.company-table tbody tr').count()).toBe(60);
    await shot('fleet-cards-zh-Hant');
  });

  it('the traveller sees only their own eSIM on their phone and installs it', async () => {
    await phone.goto(`${server.url}/pages/company/index`);
    await phone.getByRole('link', { name: enCompany.head.myCards }).click();
    await phone.waitForURL(/\/pages\/user\/simcard\/list/);
    const mine = await api<SimCardListResponse>('app/simcard/iccid/list', undefined, traveller.token);
    expect(mine.items).toHaveLength(1);
    const iccid = mine.items[0]?.iccid ?? '';
    const item = phone.getByRole('link', { name: new RegExp(iccid.slice(-3)) });
    await item.waitFor();
    expect(await phone.locator('a[href*="/pages/user/simcard/detail"]').count()).toBe(1);
    await shot('traveller-cards-en', phone);
    await item.click();
    await phone.waitForURL(new RegExp(`/pages/user/simcard/detail\\?iccid=${iccid}`));
    const stored = await api<SimCardDetail>(
      `app/simcard/iccid/detail?iccid=${iccid}`,
      undefined,
      traveller.token,
    );
    const code = stored.activation?.activationCode ?? '';
    expect(code).toMatch(/^LPA:1\$[^$]+\$/);
    const qr = phone.getByRole('img', { name: enSimcard.detail.qrAlt });
    await qr.waitFor();
    expect(await readQr(qr)).toBe(code);
    const oneTap = phone.getByRole('link', { name: enSimcard.detail.oneTap });
    expect(await oneTap.getAttribute('href')).toBe(stored.activation?.appleInstallUrl);
    expect(stored.activation?.appleInstallUrl).toMatch(/^https:\/\/esimsetup\.apple\.com\//);
    await shot('traveller-install-en', phone);
  });
});
