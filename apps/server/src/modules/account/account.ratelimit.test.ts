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
