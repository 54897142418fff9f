import {
  envelope,
  wechatAuthorizeQuery,
  wechatAuthorizeResponse,
  wechatLoginRequest,
  wechatLoginResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { wechatClientFor } from '../../providers/wechat/wechat.client';
import { wechatAuthorizeUrl, wechatLogin } from './wechat.service';

const tags = ['login'];

/** WeChat OAuth login (same namespace as the other login calls). */
export const wechatLoginRoutes = defineRoutes('app/user/login', (r, ctx) => {
  const client = wechatClientFor(ctx.config, (url) => r.inject({ method: 'GET', url }));
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
    async (req) => ok(wechatAuthorizeUrl(ctx, client, req.query.redirect)),
  );
  r.post(
    '/wechat',
    {
      schema: { tags, body: wechatLoginRequest, response: { 200: envelope(wechatLoginResponse) } },
      config: { rateLimit },
    },
    async (req) => ok(await wechatLogin(ctx, client, req.body)),
  );
});
