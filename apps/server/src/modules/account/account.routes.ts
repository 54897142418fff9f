import {
  captchaQuery,
  captchaResponse,
  companyStep2Request,
  passwordLoginRequest,
  personalStep2Request,
  phonePasswordLoginRequest,
  refreshTokenRequest,
  registerRequest,
  registerResponse,
  registerStep2Response,
  sendCodeResponse,
  sendEmailCodeRequest,
  sendSmsCodeRequest,
  smsLoginRequest,
  tokenResponse,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { userIdOf } from '../../platform/auth';
import { calls, defineRoutes, type Router } from '../../platform/router';
import { createCaptcha } from '../captcha';
import {
  loginByPassword,
  loginByPhonePassword,
  loginBySms,
  refreshSession,
  register,
  registerCompanyStep2,
  registerPersonalStep2,
  sendEmailCode,
  sendSmsCode,
} from './account.service';

/** Each sign-in call gets its own per-IP budget on top of the global limiter. */
const authLimit = (ctx: AppContext) => ({ max: ctx.config.authRateLimitMax, timeWindow: '1 minute' });

/** Captcha and code sending: the same calls in app/user/account and app/user/comm. */
function codeRoutes(r: Router, ctx: AppContext, tag: string) {
  const c = calls(r, { tags: [tag] });
  c.get('/captcha', { query: captchaQuery, data: captchaResponse, rateLimit: authLimit(ctx) }, (req) =>
    createCaptcha(ctx, req.query.type),
  );
  for (const path of ['/sendSmsCode', '/smsCode']) {
    c.post(path, { body: sendSmsCodeRequest, data: sendCodeResponse, rateLimit: authLimit(ctx) }, (req) =>
      sendSmsCode(ctx, req.body, { ip: req.ip, locale: req.locale }),
    );
  }
  c.post(
    '/sendEmailCode',
    { body: sendEmailCodeRequest, data: sendCodeResponse, rateLimit: authLimit(ctx) },
    (req) => sendEmailCode(ctx, req.body, { ip: req.ip, locale: req.locale }),
  );
}

export const accountRoutes = defineRoutes('app/user/account', (r, ctx) => {
  codeRoutes(r, ctx, 'account');
  const c = calls(r, { tags: ['account'] });
  c.post('/login', { body: smsLoginRequest, data: tokenResponse, rateLimit: authLimit(ctx) }, (req) =>
    loginBySms(ctx, req.body),
  );
  c.post('/register', { body: registerRequest, data: registerResponse, rateLimit: authLimit(ctx) }, (req) =>
    register(ctx, req.body),
  );
  c.post(
    '/personal/registerStep2',
    { body: personalStep2Request, data: registerStep2Response, auth: 'user' },
    (req) => registerPersonalStep2(ctx, userIdOf(req), req.body),
  );
  c.post(
    '/company/registerStep2',
    { body: companyStep2Request, data: registerStep2Response, auth: 'user', rateLimit: authLimit(ctx) },
    (req) => registerCompanyStep2(ctx, userIdOf(req), req.body),
  );
});

export const commRoutes = defineRoutes('app/user/comm', (r, ctx) => {
  codeRoutes(r, ctx, 'comm');
});

export const loginRoutes = defineRoutes('app/user/login', (r, ctx) => {
  const c = calls(r, { tags: ['login'] });
  c.post(
    '/phonePassword',
    { body: phonePasswordLoginRequest, data: tokenResponse, rateLimit: authLimit(ctx) },
    (req) => loginByPhonePassword(ctx, req.body),
  );
  c.post('/password', { body: passwordLoginRequest, data: tokenResponse, rateLimit: authLimit(ctx) }, (req) =>
    loginByPassword(ctx, req.body),
  );
  c.post(
    '/refreshToken',
    { body: refreshTokenRequest, data: tokenResponse, rateLimit: authLimit(ctx) },
    (req) => refreshSession(ctx, req.body.refreshToken),
  );
});
