import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { newPhone } from '../code/code.fixtures';

let t: TestApp;
beforeAll(async () => {
  // low limits to see them bite; captcha test mode so the captcha route's own limit stays out of the way
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_MAX: '3', CODE_IP_HOURLY_MAX: '2', CAPTCHA_TEST_MODE: '1' },
  });
});
afterAll(async () => t.close());

const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

describe('sign-in rate limits', () => {
  it('limits each sign-in call per IP per minute, in the caller language', async () => {
    const body = { phone: '0912000001', smsCode: '123456', agreement: true };
    const ip = fromIp('10.20.0.1');
    for (let i = 0; i < 3; i += 1) {
      const res = await call(t.app, 'POST', 'app/user/account/login', { body, headers: ip });
      expect(res.status).toBe(200);
    }
    const limited = await call(t.app, 'POST', 'app/user/account/login', {
      body,
      headers: ip,
      language: 'zh-Hans',
    });
    expect(limited).toMatchObject({ status: 429, code: 1004, message: '请求过于频繁，请稍后再试' });
    const other = await call(t.app, 'POST', 'app/user/account/login', { body, headers: fromIp('10.20.0.2') });
    expect(other.status).toBe(200);
    const otherRoute = await call(t.app, 'POST', 'app/user/login/refreshToken', {
      body: { refreshToken: 'x' },
      headers: ip,
    });
    expect(otherRoute).toMatchObject({ status: 200, code: 2013 });
  });

  it('limits codes per IP per hour across numbers', async () => {
    const ip = fromIp('10.30.0.1');
    const send = (phone: string, headers = ip) =>
      call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
        body: { phone, captchaId: 'test', captchaAnswer: 0 },
        headers,
      });
    expect((await send(newPhone().national)).code).toBe(1000);
    expect((await send(newPhone().national)).code).toBe(1000);
    const third = await send(newPhone().national);
    expect(third).toMatchObject({
      status: 200,
      code: 1004,
      message: 'Too many requests, please try again later',
    });
    expect((await send(newPhone().national, fromIp('10.30.0.2'))).code).toBe(1000);
  });
});

describe('rate limits decided on the routed URL and the real client', () => {
  const body = { phone: '0912000009', smsCode: '123456', agreement: true };

  it('limits a sign-in call reached through an encoded path like any other', async () => {
    const login = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { language: 'en', 'x-forwarded-for': '10.40.0.1' },
      });
    const first = await login('/%61pi/app/user/account/login');
    expect(first.statusCode).toBe(200);
    expect(first.json().code).toBe(2003);
    expect((await login('/%61pi/app/user/account/%6cogin')).statusCode).toBe(200);
    expect((await login('/api/app/user/account/login')).statusCode).toBe(200);
    const limited = await login('/%61pi/app/user/account/login');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(1004);
  });

  it('ignores X-Forwarded-For when no proxy is configured, so spoofed addresses share one budget', async () => {
    const direct = await createTestApp({
      env: { AUTH_RATE_LIMIT_MAX: '3', CODE_IP_HOURLY_MAX: '2', CAPTCHA_TEST_MODE: '1', TRUST_PROXY: '' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i += 1)
        statuses.push(
          (
            await call(direct.app, 'POST', 'app/user/account/login', {
              body,
              headers: fromIp(`10.50.0.${i}`),
            })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      const codes: number[] = [];
      for (let i = 1; i <= 3; i += 1)
        codes.push(
          (
            await call(direct.app, 'POST', 'app/user/comm/sendSmsCode', {
              body: { phone: newPhone().national, captchaId: 'test', captchaAnswer: 0 },
              headers: fromIp(`10.60.0.${i}`),
            })
          ).code,
        );
      expect(codes).toEqual([1000, 1000, 1004]);
    } finally {
      await direct.close();
    }
  });

  it('behind a configured proxy, takes the address the proxy saw, not what the client prepended', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1)
      statuses.push(
        (
          await call(t.app, 'POST', 'app/user/account/login', {
            body,
            headers: fromIp(`203.0.113.${i}, 10.70.0.1`),
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
