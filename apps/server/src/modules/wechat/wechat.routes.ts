import {
  envelope,
  wechatAuthorizeQuery,
  wechatAuthorizeResponse,
  wechatLoginRequest,
  wechatLoginResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { wechatAuthorizeUrl, wechatLogin } from './wechat.service';

const tags = ['login'];

/** WeChat OAuth login (same namespace as the other login calls). */
export const wechatLoginRoutes = defineRoutes('app/user/login', (r, ctx) => {
  const rateLimit = { max: ctx.config.authRateLimitMax, timeWindow: '1 minute' };
  r.get(
    '/wechatAuthorizeUrl',
    {
      schema: {
        tags,
        querystring: wechatAuthorizeQuery,
        response: { 200: envelope(wechatAuthorizeResponse) },
      },
      config: { rateLimit },
    },
    async (req) => ok(await wechatAuthorizeUrl(ctx, req.query.redirect)),
  );
  r.post(
    '/wechat',
    {
      schema: { tags, body: wechatLoginRequest, response: { 200: envelope(wechatLoginResponse) } },
      config: { rateLimit },
    },
    async (req) => ok(await wechatLogin(ctx, req.body)),
  );
});
