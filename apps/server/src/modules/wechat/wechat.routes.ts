import {
  wechatAuthorizeQuery,
  wechatAuthorizeResponse,
  wechatLoginRequest,
  wechatLoginResponse,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { wechatAuthorizeUrl, wechatLogin } from './wechat.service';

const tags = ['login'];

/** WeChat OAuth login (same namespace as the other login calls). */
export const wechatLoginRoutes = defineRoutes('app/user/login', (r, ctx) => {
  const rateLimit = { max: ctx.config.authRateLimitMax, timeWindow: '1 minute' };
  const c = calls(r, { tags });
  c.get(
    '/wechatAuthorizeUrl',
    { query: wechatAuthorizeQuery, data: wechatAuthorizeResponse, rateLimit },
    (req) => wechatAuthorizeUrl(ctx, req.query.redirect),
  );
  c.post('/wechat', { body: wechatLoginRequest, data: wechatLoginResponse, rateLimit }, (req) =>
    wechatLogin(ctx, req.body),
  );
});
