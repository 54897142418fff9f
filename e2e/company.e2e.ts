import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import enCompany from '../apps/web/src/locales/en/company';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Goods, type Tokens } from './support/shop';

// Issue 28: a company account uploads a CSV of 60 travellers with Chinese names, reads the preview, places
// one order for the batch (held: above the company's threshold), and its approver approves it on screen.

let server: RunningServer;
const { api, codeFor, signIn } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let owner: Tokens;
let approver: Tokens;

async function sendCode(to: string, purpose: string, email = false) {
  const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
  const body = { captchaId, captchaAnswer: 0, purpose, ...(email ? { email: to } : { phone: to }) };
  await api(email ? 'app/user/account/sendEmailCode' : 'app/user/account/sendSmsCode', body);
  return codeFor(to);
}

async function shot(name: string) {
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(screenshotDir, `company-${name}.png`), fullPage: true });
}

/** An eSIM plan the wallet pays with at least `n` in stock. */
async function planFor(n: number) {
  const list = (
    await api<{ list: { id: number }[] }>('app/goods/info/page', { page: 1, size: 100, goodsType: 1 })
  ).list;
  for (const { id } of list) {
    const g = await api<Goods>(`app/goods/info/info?id=${id}`);
    const spec = g.specs.find((s) => !s.soldOut && s.stock >= n);
    if (spec && g.payWays.includes('wallet')) return { goods: g, spec };
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

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  const phone = '+886912000828';
  owner = await api<Tokens>('app/user/account/register', {
    phone,
    smsCode: await sendCode(phone, 'register'),
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
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('company fleet journey', () => {
  it('uploads 60 travellers with Chinese names, previews them and orders the batch', async () => {
    const { goods, spec } = await planFor(60);
    await signIn(page, owner);
    await page.goto(`${server.url}/pages/company/index`);
    await page.getByRole('tab', { name: enCompany.tabs.buy }).click();
    await page.getByLabel(enCompany.bulk.plan).selectOption(String(goods.id));
    await page
      .getByLabel(enCompany.bulk.spec)
      .locator(`option[value="${spec.id}"]`)
      .waitFor({ state: 'attached' });
    await page.getByLabel(enCompany.bulk.spec).selectOption(String(spec.id));
    await page.getByLabel(enCompany.bulk.csv).setInputFiles({
      name: 'travellers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(travellersCsv(), 'utf8'),
    });
    await page.getByRole('button', { name: enCompany.bulk.preview }).click();
    await page.getByRole('heading', { name: '60 eSIMs travellers.csv' }).waitFor();
    expect(await page.locator('.company-table tbody tr').count()).toBe(60);
    await page.getByRole('cell', { name: '王小明2', exact: true }).waitFor();
    expect(await page.locator('.company-row-bad').count()).toBe(0);
    await shot('preview');
    await page.getByLabel(enCompany.bulk.payWay).selectOption('wallet');
    await page.getByRole('button', { name: enCompany.bulk.confirm }).click();
    await page.getByText(enCompany.status.awaiting_approval).first().waitFor();
    await shot('ordered');
  });

  it('lets the approver approve the held order', async () => {
    await signIn(page, approver);
    await page.goto(`${server.url}/pages/company/index`);
    await page.getByRole('heading', { name: enCompany.approvals.title }).waitFor();
    await page.getByLabel(enCompany.approvals.reason).fill('Tokyo sales trip');
    await page.getByRole('button', { name: enCompany.approvals.approve }).click();
    await page.getByText(enCompany.approvals.empty).waitFor();
    const batches = await api<{ list: { status: string; quantity: number; reason: string }[] }>(
      'app/company/batch/page',
      { page: 1, size: 10 },
      owner.token,
    );
    expect(batches.list[0]).toMatchObject({ status: 'approved', quantity: 60, reason: 'Tokyo sales trip' });
    await shot('approved');
  });
});
