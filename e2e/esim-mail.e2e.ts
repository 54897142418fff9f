import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';
import { SMTPServer } from 'smtp-server';
import type { BrowserContext, Page } from 'playwright-core';
import type { SimCardDetail, SimCardListResponse } from '@simshop/contracts';
import enPayment from '../apps/web/src/locales/en/payment';
import enOwn from '../apps/web/src/locales/en/simcard-own';
import zhHantOwn from '../apps/web/src/locales/zh-Hant/simcard-own';
import { launchBrowser, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { shopOf, type Tokens } from './support/shop';

// The eSIM beyond the app (issue 27): the real server sends mail through SMTP to a real SMTP server in this
// test. A traveller registers with an e-mail address (its code arrives by that mail), buys the Japan eSIM and
// pays through the Alipay simulator; the delivery e-mail arrives with a QR image that decodes to exactly the
// stored activation code. Then the traveller names the card in English and reads it in Traditional Chinese.

let server: RunningServer;
let smtp: SMTPServer;
const inbox: ParsedMail[] = [];
const { api, codeFor, signIn } = shopOf(() => server.url);
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let tokens: Tokens;
const EMAIL = 'mei.traveller@example.tw';

const shot = async (name: string) => {
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(screenshotDir, `esim-mail-${name}.png`), fullPage: true });
};
const mailTo = (to: string, subject: RegExp) =>
  inbox.find((m) => !Array.isArray(m.to) && m.to?.text === to && subject.test(m.subject ?? ''));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream, { keepCidLinks: true }).then((m) => {
        inbox.push(m);
        cb();
      }, cb);
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const port = (smtp.server.address() as { port: number }).port;
  server = await startServer({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_TLS: 'none',
    MAIL_FROM: 'SimShop <esim@shop.example>',
    JOB_POLL_SECONDS: '1',
  });
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((ok) => smtp.close(ok));
});

describe('the eSIM by e-mail', () => {
  it('registers with an e-mail address whose code arrives by SMTP', async () => {
    const phone = '+886912000927';
    const captcha = async () => ({
      captchaId: (await api<{ captchaId: string }>('app/user/account/captcha')).captchaId,
      captchaAnswer: 0,
    });
    await api('app/user/account/sendSmsCode', { ...(await captcha()), purpose: 'register', phone });
    tokens = await api<Tokens>('app/user/account/register', {
      phone,
      smsCode: await codeFor(phone),
      password: 'Str0ng-pass',
      kind: 'personal',
      agreement: true,
    });
    await api('app/user/comm/sendEmailCode', { ...(await captcha()), email: EMAIL, purpose: 'register' });
    const codeMail = mailTo(EMAIL, /verification code/);
    const emailCode = /\b(\d{6})\b/.exec(codeMail?.text ?? '')?.[1];
    expect(emailCode).toMatch(/^\d{6}$/);
    await api(
      'app/user/account/personal/registerStep2',
      { nickname: 'Mei', email: EMAIL, emailCode },
      tokens.token,
    );
    // the shop writes to the buyer in the language the buyer chose
    await api('app/user/info/updatePerson', { language: 'en' }, tokens.token);
  });

  it('buys the Japan eSIM; the delivery e-mail carries a QR that decodes to the stored code', async () => {
    const list = (await api<{ list: { id: number }[] }>('app/goods/info/page', { page: 1, size: 100 })).list;
    let specId = 0;
    for (const { id } of list) {
      const g = await api<{
        saleType: { code: string };
        destinations: string[];
        specs: { id: number; dataMb: number | null; soldOut: boolean }[];
      }>(`app/goods/info/info?id=${id}`);
      const s = g.specs.find((x) => x.dataMb === 5120 && !x.soldOut);
      if (g.saleType.code === 'esim' && g.destinations.includes('JP') && s) specId = s.id;
      if (specId) break;
    }
    expect(specId).toBeGreaterThan(0);
    const order = await api<{ id: number }>(
      'app/order/info/create',
      { buyNow: { specId, quantity: 1 }, payWay: 'alipay' },
      tokens.token,
    );
    await signIn(page, tokens);
    await page.goto(`${server.url}/pages/order/detail?id=${order.id}`);
    await page.getByRole('button', { name: 'Pay now' }).first().click();
    const sheet = page.getByRole('dialog', { name: enPayment.title });
    await sheet.getByRole('radio', { name: /Alipay/ }).check();
    await sheet.getByRole('button', { name: enPayment.payNow }).click();
    await page.waitForURL(/\/dev\/sim\/alipay\//);
    await page.getByRole('button', { name: /^Pay [¥NT$]/ }).click();
    await page.waitForURL(/\/pages\/simpay\/viewback/, { timeout: 20_000 });
    await expect.poll(() => mailTo(EMAIL, /eSIM/), { timeout: 60_000, interval: 250 }).toBeTruthy();
    const mail = mailTo(EMAIL, /eSIM/)!;
    expect(mail.subject).toMatch(/^Your eSIM is ready: /);
    const cards = await api<SimCardListResponse>('app/simcard/iccid/list', undefined, tokens.token);
    const iccid = cards.items[0]!.iccid;
    const stored = await api<SimCardDetail>(
      `app/simcard/iccid/detail?iccid=${iccid}`,
      undefined,
      tokens.token,
    );
    const png = mail.attachments.find((a) => a.contentType === 'image/png')!;
    const img = PNG.sync.read(png.content);
    const decoded = jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
    expect(decoded).toBe(stored.activation!.activationCode);
    expect(mail.html).toContain(`cid:${png.cid}`);
    expect(mail.text).toContain(stored.activation!.appleInstallUrl);
    // the mail as a phone shows it: the HTML with its inline QR
    await page.setContent(
      String(mail.html).replace(`cid:${png.cid}`, `data:image/png;base64,${png.content.toString('base64')}`),
    );
    await shot('mail-en');
  });

  it('names the card in English and reads the name in Traditional Chinese', async () => {
    const cards = await api<SimCardListResponse>('app/simcard/iccid/list', undefined, tokens.token);
    const iccid = cards.items[0]!.iccid;
    await page.goto(`${server.url}/pages/user/simcard/detail?iccid=${iccid}`);
    await page.getByRole('button', { name: enOwn.nameTitle }).click();
    await page.getByTestId('sim-label-input').fill("Mum's phone");
    await page.getByTestId('sim-label-input').press('Enter');
    await expect
      .poll(() => page.getByTestId('sim-label').textContent(), { timeout: 10_000 })
      .toBe("Mum's phone");
    await page.getByTestId('sim-validity-rule').waitFor();
    await shot('detail-en');
    await page.evaluate(() => localStorage.setItem('language', 'zh-Hant'));
    await page.goto(`${server.url}/pages/user/simcard/list`);
    await page.getByRole('heading', { name: "Mum's phone" }).waitFor();
    await page.goto(`${server.url}/pages/user/simcard/detail?iccid=${iccid}`);
    await page.getByRole('button', { name: zhHantOwn.rename }).waitFor();
    await shot('detail-zh-Hant');
  });
});
