import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import enAdmin from '../../apps/admin/src/locales/en';

// What journeys do to the shop behind a person's back: call the API as the app does, read a code from the demo
// outbox, store a session the way lib/session keeps one, and find a plan to buy.

export type Tokens = { token: string; expire: number; refreshToken: string; refreshExpire: number };
export type Spec = { id: number; stock: number; soldOut: boolean; price: number };
export type Goods = {
  id: number;
  title: string;
  soldOut: boolean;
  specs: Spec[];
  saleType: { code: string };
  payWays: string[];
};

/** The shop helpers for a server at `baseUrl`, in English. */
export function shopOf(baseUrl: () => string) {
  /** A GET (no body) or POST; expects success and answers `data`. */
  async function api<T>(url: string, body?: unknown, token = ''): Promise<T> {
    const res = await fetch(`${baseUrl()}/api/${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        language: 'en',
        ...(token ? { Authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await res.json()) as { code: number; data: T; message: string };
    expect(env.code, `${url}: ${env.message}`).toBe(1000);
    return env.data;
  }

  /** The newest code sent to `to` (SMS or e-mail), from the demo outbox. */
  async function codeFor(to: string) {
    const res = (await (await fetch(`${baseUrl()}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json()) as {
      data?: { list: { recipient: string; code: string }[] };
      list?: { recipient: string; code: string }[];
    };
    const code = [...(res.list ?? res.data?.list ?? [])].reverse().find((m) => m.recipient === to)?.code;
    expect(code).toMatch(/^\d{6}$/);
    return code ?? '';
  }

  /** Signs a page in as lib/session keeps a session. */
  async function signIn(p: Page, tokens: Tokens) {
    // a same-origin address without the shop's app: no running app can write the previous session back
    await p.goto(`${baseUrl()}/api/signin-blank`);
    await p.evaluate((t) => {
      const now = Date.now();
      localStorage.clear();
      localStorage.setItem('language', 'en');
      localStorage.setItem('token', t.token);
      localStorage.setItem('tokenExpire', String(now + t.expire * 1000 - 5000));
      localStorage.setItem('refreshToken', t.refreshToken);
      localStorage.setItem('refreshTokenExpire', String(now + t.refreshExpire * 1000 - 5000));
    }, tokens);
  }

  /** Signs the demo operator in on the console's sign-in page (no failed attempts: no captcha asked). */
  async function signInConsole(p: Page) {
    await p.goto(`${baseUrl()}/admin/login`);
    await p.getByLabel(enAdmin.login.username).fill('admin');
    await p.getByLabel(enAdmin.login.password).fill('admin123456');
    await p.getByRole('button', { name: enAdmin.login.submit }).click();
    await p.waitForURL(/\/admin\/?$/);
  }

  /** Signs `phone` up or in by SMS code (the demo outbox keeps the code); answers the tokens. */
  async function logIn(phone: string): Promise<Tokens> {
    const { captchaId } = await api<{ captchaId: string }>('app/user/account/captcha');
    await api('app/user/account/sendSmsCode', { captchaId, captchaAnswer: 0, phone, purpose: 'login' });
    return api<Tokens>('app/user/account/login', { phone, smsCode: await codeFor(phone), agreement: true });
  }

  /** An eSIM plan on sale, with a spec in stock, that `payWay` can pay. */
  async function aPlan(payWay: string) {
    const cards = (
      await api<{ list: { id: number; soldOut: boolean }[] }>('app/goods/info/page', { page: 1, size: 100 })
    ).list;
    for (const c of cards.filter((x) => !x.soldOut)) {
      const g = await api<Goods>(`app/goods/info/info?id=${c.id}`);
      const spec = g.specs.find((s) => !s.soldOut && s.stock > 0);
      if (g.saleType.code === 'esim' && spec && g.payWays.includes(payWay)) return { goods: g, spec };
    }
    throw new Error(`no plan payable by ${payWay}`);
  }

  return { api, codeFor, signIn, signInConsole, logIn, aPlan };
}
