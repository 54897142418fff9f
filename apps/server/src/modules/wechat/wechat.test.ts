import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createWechatClient, WechatError, type HttpGet } from '../../providers/wechat/wechat.client';
import { DEMO_WECHAT_IDENTITIES } from '../../providers/wechat/wechat.simulator';
import { wechatAuthorizeUrl, wechatLogin } from './wechat.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const startLogin = (redirect?: string) =>
  call(t.app, 'GET', 'app/user/login/wechatAuthorizeUrl', { query: redirect ? { redirect } : {} });

/**
 * Plays the person in the browser: opens the authorize URL the API gave, taps Authorize (as the chosen
 * identity) or Cancel on the simulator's page, and returns where WeChat sent the browser back.
 */
async function authorize(
  opts: { identity?: string; customName?: string; action?: 'allow' | 'deny'; redirect?: string } = {},
) {
  const start = await startLogin(opts.redirect ?? '/pages/user/set');
  nonces.set(start.data.state, start.data.nonce);
  const url = new URL(start.data.url);
  const pageRes = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(pageRes.statusCode).toBe(200);
  const form = new URLSearchParams({
    ...Object.fromEntries(url.searchParams),
    identity: opts.customName ? 'custom' : (opts.identity ?? DEMO_WECHAT_IDENTITIES[0]),
    customName: opts.customName ?? '',
    action: opts.action ?? 'allow',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(302);
  const back = new URL(String(res.headers.location));
  return {
    state: start.data.state as string,
    nonce: start.data.nonce as string,
    back,
    code: back.searchParams.get('code'),
  };
}

/** The nonce the browser that started each login keeps, by state: `finish` sends it like the web app. */
const nonces = new Map<string, string>();
const finish = (code: string, state: string, nonce = nonces.get(state) ?? 'no-nonce') =>
  call(t.app, 'POST', 'app/user/login/wechat', { body: { code, state, nonce } });

describe('authorize URL', () => {
  it('follows the WeChat OAuth2 web protocol and points at the demo simulator', async () => {
    const res = await startLogin('/pages/user/set');
    expect(res.code).toBe(1000);
    const url = new URL(res.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/sim/wechat/connect/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: t.config.wechat.appId,
      redirect_uri: `${t.config.publicUrl}/pages/user/login`,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: res.data.state,
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('shows the authorize page with the demo identities and both buttons', async () => {
    const url = new URL((await startLogin()).data.url);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Authorize SimShop to use your WeChat profile');
    expect(res.body).toContain('>Authorize</button>');
    expect(res.body).toContain('>Cancel</button>');
    for (const name of DEMO_WECHAT_IDENTITIES) expect(res.body).toContain(name);
  });

  it('refuses, like WeChat, to send the code to a domain other than the registered one', async () => {
    const url = new URL((await startLogin()).data.url);
    url.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('redirect_uri');
  });
});

describe('WeChat login through the simulator', () => {
  it('creates an account from the WeChat profile and returns to the page the visitor wanted', async () => {
    const { code, state, back } = await authorize({ identity: 'Alice Chen', redirect: '/pages/order/list' });
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}/pages/user/login`);
    expect(back.searchParams.get('state')).toBe(state);
    const res = await finish(code as string, state);
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ expire: 7200, redirect: '/pages/order/list', isNew: true });
    const me = await call(t.app, 'GET', 'app/user/info/person', { token: res.data.token });
    expect(me.data).toMatchObject({
      nickname: 'Alice Chen',
      wechatBound: true,
      phone: null,
      kind: 'personal',
    });
    expect(me.data.avatarUrl).toMatch(/^http:\/\/.+\/sim\/wechat\/avatar\/o[\w-]+\.svg$/);
  });

  it('logs the same WeChat identity into the same account next time', async () => {
    const first = await authorize({ identity: 'Demo Traveller' });
    const a = await finish(first.code as string, first.state);
    const second = await authorize({ identity: 'Demo Traveller' });
    const b = await finish(second.code as string, second.state);
    expect(b.data.isNew).toBe(false);
    const idA = (await call(t.app, 'GET', 'app/user/info/person', { token: a.data.token })).data.id;
    const idB = (await call(t.app, 'GET', 'app/user/info/person', { token: b.data.token })).data.id;
    expect(idB).toBe(idA);
  });

  it('gives a typed WeChat name its own account, its nickname cut to 16 characters', async () => {
    const { code, state } = await authorize({ customName: '一二三四五六七八九十一二三四五六七八' });
    const res = await finish(code as string, state);
    expect(res.data.isNew).toBe(true);
    const me = await call(t.app, 'GET', 'app/user/info/person', { token: res.data.token });
    expect(me.data.nickname).toBe('一二三四五六七八九十一二三四五六');
  });

  it('comes back without a code when the person cancels', async () => {
    const { code, state, back } = await authorize({ action: 'deny' });
    expect(code).toBeNull();
    expect(back.searchParams.get('state')).toBe(state);
  });

  it('refuses a replayed code', async () => {
    const { code, state } = await authorize();
    expect((await finish(code as string, state)).code).toBe(1000);
    const replay = await finish(code as string, state);
    expect(replay.code).toBe(2017);
    expect(replay.message).toBe('Login authorization failed');
  });

  it('refuses a made-up code and a tampered or foreign state', async () => {
    const { code, state } = await authorize();
    expect((await finish('0123456789abcdef0123456789abcdef', state)).code).toBe(2017);
    const [body] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ r: '/', e: Date.now() + 60_000, n: 'x' })).toString(
      'base64url',
    );
    expect((await finish(code as string, `${forged}.${state.split('.')[1]}`)).code).toBe(2017);
    expect((await finish(code as string, `${body}.AAAA`)).code).toBe(2017);
    expect((await finish(code as string, 'no-state')).code).toBe(2017);
    // the code was never spent by the refused attempts
    expect((await finish(code as string, state)).code).toBe(1000);
  });

  it('refuses a login that took longer than the authorization lives', async () => {
    const { code, state } = await authorize();
    const realNow = Date.now;
    Date.now = () => realNow() + 11 * 60_000;
    try {
      expect((await finish(code as string, state)).code).toBe(2017);
    } finally {
      Date.now = realNow;
    }
  });

  it('never returns to another site after login', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const { code, state } = await authorize({ redirect, customName: `hop${redirect.length}` });
      expect((await finish(code as string, state)).data.redirect).toBe('/');
    }
  });

  it('refuses a disabled account', async () => {
    const first = await authorize({ customName: 'to be disabled' });
    const res = await finish(first.code as string, first.state);
    await t.ctx.db.updateTable('user').set({ status: 0 }).where('nickname', '=', 'to be disabled').execute();
    const again = await authorize({ customName: 'to be disabled' });
    expect(res.code).toBe(1000);
    expect((await finish(again.code as string, again.state)).code).toBe(2011);
  });

  it('refuses a missing code or state with the field named', async () => {
    const res = await call(t.app, 'POST', 'app/user/login/wechat', { body: { code: 'abc' } });
    expect(res.code).toBe(1001);
    expect(res.data).toEqual({ field: 'state' });
  });
});

describe('WeChat login bound to the browser that started it', () => {
  /** A second authorisation of the same login (same state), as a replayed or forged callback would carry. */
  async function secondCode(state: string) {
    const start = new URL((await startLogin()).data.url);
    start.searchParams.set('state', state);
    const form = new URLSearchParams({
      ...Object.fromEntries(start.searchParams),
      identity: DEMO_WECHAT_IDENTITIES[1],
      customName: '',
      action: 'allow',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: start.pathname,
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return new URL(String(res.headers.location)).searchParams.get('code') as string;
  }

  it("refuses a callback without this browser's nonce, as a login link planted by someone else", async () => {
    const attacker = await authorize({ customName: 'csrf attacker' });
    // the victim's browser opens the attacker's callback: it holds no nonce, or the one of its own login
    const own = (await startLogin()).data.nonce as string;
    expect((await finish(attacker.code as string, attacker.state, own)).code).toBe(2017);
    expect((await finish(attacker.code as string, attacker.state, 'made-up')).code).toBe(2017);
    const missing = await call(t.app, 'POST', 'app/user/login/wechat', {
      body: { code: attacker.code, state: attacker.state },
    });
    expect(missing).toMatchObject({ code: 1001, data: { field: 'nonce' } });
    // the browser that started it still can
    expect((await finish(attacker.code as string, attacker.state, attacker.nonce)).code).toBe(1000);
  });

  it('spends a state once: of two racing callbacks with it, one logs in', async () => {
    const first = await authorize({ customName: 'race one' });
    const other = await secondCode(first.state);
    const results = await Promise.all([
      finish(first.code as string, first.state, first.nonce),
      finish(other, first.state, first.nonce),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([1000, 2017]);
    const later = await secondCode(first.state);
    expect((await finish(later, first.state, first.nonce)).code).toBe(2017);
  });
});

describe('the simulator speaks WeChat errors', () => {
  it('answers a wrong app secret and a wrong grant type with errcodes', async () => {
    const q = (params: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/sim/wechat/sns/oauth2/access_token', query: params });
    const base = { appid: t.config.wechat.appId, secret: t.config.wechat.appSecret, code: 'x' };
    expect((await q({ ...base, secret: 'nope', grant_type: 'authorization_code' })).json().errcode).toBe(
      40125,
    );
    expect((await q({ ...base, grant_type: 'client_credential' })).json().errcode).toBe(40002);
    expect((await q({ ...base, grant_type: 'authorization_code' })).json()).toEqual({
      errcode: 40029,
      errmsg: 'invalid code',
    });
  });
});

describe('the adapter', () => {
  const fakeClient = (get: HttpGet) =>
    createWechatClient({ appId: 'wxa', appSecret: 's', openBase: 'https://o', apiBase: 'https://api', get });

  it('calls the documented endpoints and turns errcode answers into errors', async () => {
    const urls: string[] = [];
    const client = fakeClient(async (url) => {
      urls.push(url);
      return { status: 200, json: async () => ({ errcode: 40163, errmsg: 'code been used' }) };
    });
    await expect(client.exchangeCode('c1')).rejects.toMatchObject({ errcode: 40163 });
    await expect(client.exchangeCode('c1')).rejects.toBeInstanceOf(WechatError);
    expect(urls[0]).toBe(
      'https://api/sns/oauth2/access_token?appid=wxa&secret=s&code=c1&grant_type=authorization_code',
    );
  });

  it('turns an unreachable WeChat into "login authorization failed", not a server error', async () => {
    const client = fakeClient(async () => {
      throw new TypeError('fetch failed');
    });
    const ctx = { ...t.ctx, providers: { ...t.ctx.providers, wechat: client } };
    const { state, nonce } = await wechatAuthorizeUrl(ctx, '/');
    await expect(wechatLogin(ctx, { code: 'c', state, nonce })).rejects.toMatchObject({
      codeName: 'WECHAT_AUTH_FAILED',
    });
  });
});
