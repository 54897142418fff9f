import {
  captchaQuery,
  captchaResponse,
  companyStep2Request,
  envelope,
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
import { ok } from '../../platform/http';
import { defineRoutes, type Router } from '../../platform/router';
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
  r.get(
    '/captcha',
    {
      schema: { tags: [tag], querystring: captchaQuery, response: { 200: envelope(captchaResponse) } },
      config: { rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await createCaptcha(ctx, req.query.type)),
  );
  for (const path of ['/sendSmsCode', '/smsCode']) {
    r.post(
      path,
      {
        schema: { tags: [tag], body: sendSmsCodeRequest, response: { 200: envelope(sendCodeResponse) } },
        config: { rateLimit: authLimit(ctx) },
      },
      async (req) => ok(await sendSmsCode(ctx, req.body, { ip: req.ip, locale: req.locale })),
    );
  }
  r.post(
    '/sendEmailCode',
    {
      schema: { tags: [tag], body: sendEmailCodeRequest, response: { 200: envelope(sendCodeResponse) } },
      config: { rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await sendEmailCode(ctx, req.body, { ip: req.ip, locale: req.locale })),
  );
}

export const accountRoutes = defineRoutes('app/user/account', (r, ctx) => {
  codeRoutes(r, ctx, 'account');
  r.post(
    '/login',
    {
      schema: { tags: ['account'], body: smsLoginRequest, response: { 200: envelope(tokenResponse) } },
      config: { rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await loginBySms(ctx, req.body)),
  );
  r.post(
    '/register',
    {
      schema: { tags: ['account'], body: registerRequest, response: { 200: envelope(registerResponse) } },
      config: { rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await register(ctx, req.body)),
  );
  r.post(
    '/personal/registerStep2',
    {
      schema: {
        tags: ['account'],
        body: personalStep2Request,
        response: { 200: envelope(registerStep2Response) },
      },
      config: { auth: 'user' },
    },
    async (req) => ok(await registerPersonalStep2(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/company/registerStep2',
    {
      schema: {
        tags: ['account'],
        body: companyStep2Request,
        response: { 200: envelope(registerStep2Response) },
      },
      config: { auth: 'user', rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await registerCompanyStep2(ctx, userIdOf(req), req.body)),
  );
});

export const commRoutes = defineRoutes('app/user/comm', (r, ctx) => {
  codeRoutes(r, ctx, 'comm');
});

export const loginRoutes = defineRoutes('app/user/login', (r, ctx) => {
  r.post(
    '/phonePassword',
    {
      schema: {
        tags: ['login'],
        body: phonePasswordLoginRequest,
        response: { 200: envelope(tokenResponse) },
      },
      config: { rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await loginByPhonePassword(ctx, req.body)),
  );
  r.post(
    '/password',
    {
      schema: { tags: ['login'], body: passwordLoginRequest, response: { 200: envelope(tokenResponse) } },
      config: { rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await loginByPassword(ctx, req.body)),
  );
  r.post(
    '/refreshToken',
    {
      schema: { tags: ['login'], body: refreshTokenRequest, response: { 200: envelope(tokenResponse) } },
      config: { rateLimit: authLimit(ctx) },
    },
    async (req) => ok(await refreshSession(ctx, req.body.refreshToken)),
  );
});
