import { z } from 'zod';
import type { Config } from '../../config';

/**
 * Adapter for WeChat's OAuth2 web authorisation (网页授权), as documented by WeChat:
 * the browser opens the authorize page, WeChat redirects back with `code` and `state`, and the server
 * exchanges the code for an access token and the user's openid, then reads the profile. WeChat answers
 * failures with HTTP 200 and `{ errcode, errmsg }`.
 */
export const WECHAT_OPEN_BASE = 'https://open.weixin.qq.com';
export const WECHAT_API_BASE = 'https://api.weixin.qq.com';
/** Path of the built-in simulator (demo mode), on our own address. */
export const WECHAT_SIMULATOR_PATH = '/sim/wechat';

/** The one HTTP call the adapter makes; `fetch` fits, and so does an `app.inject` wrapper in demo mode. */
export type HttpGet = (url: string) => Promise<{ status: number; json(): Promise<unknown> }>;

export class WechatError extends Error {
  constructor(
    public readonly errcode: number,
    public readonly errmsg: string,
  ) {
    super(`wechat ${errcode}: ${errmsg}`);
    this.name = 'WechatError';
  }
}

const errorBody = z.object({ errcode: z.number().int(), errmsg: z.string().default('') });
const accessTokenBody = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int(),
  refresh_token: z.string().default(''),
  openid: z.string().min(1),
  scope: z.string().default(''),
  unionid: z.string().optional(),
});
const userInfoBody = z.object({
  openid: z.string().min(1),
  nickname: z.string().default(''),
  headimgurl: z.string().default(''),
  unionid: z.string().optional(),
});
export type WechatToken = z.infer<typeof accessTokenBody>;
export type WechatUserInfo = z.infer<typeof userInfoBody>;

export type WechatClientOptions = {
  appId: string;
  appSecret: string;
  /** Where the browser goes to authorise: open.weixin.qq.com, or the simulator. */
  openBase: string;
  /** Where the server calls the API: api.weixin.qq.com, or the simulator. */
  apiBase: string;
  get: HttpGet;
};

export function createWechatClient(opts: WechatClientOptions) {
  async function call<T>(path: string, params: Record<string, string>, body: z.ZodType<T>): Promise<T> {
    const url = `${opts.apiBase}${path}?${new URLSearchParams(params).toString()}`;
    const res = await opts.get(url);
    if (res.status !== 200) throw new WechatError(-1, `http ${res.status}`);
    const json = await res.json();
    const err = errorBody.safeParse(json);
    if (err.success && err.data.errcode !== 0) throw new WechatError(err.data.errcode, err.data.errmsg);
    const parsed = body.safeParse(json);
    if (!parsed.success) throw new WechatError(-1, 'unexpected response');
    return parsed.data;
  }

  return {
    /** The authorize page URL; WeChat sends the browser back to `redirectUri?code=..&state=..`. */
    authorizeUrl(
      redirectUri: string,
      state: string,
      scope: 'snsapi_userinfo' | 'snsapi_base' = 'snsapi_userinfo',
    ) {
      const q = new URLSearchParams({
        appid: opts.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
      });
      return `${opts.openBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
    },
    /** Exchanges a one-time authorisation code for an access token and the user's openid. */
    exchangeCode(code: string): Promise<WechatToken> {
      return call(
        '/sns/oauth2/access_token',
        { appid: opts.appId, secret: opts.appSecret, code, grant_type: 'authorization_code' },
        accessTokenBody,
      );
    },
    /** The user's WeChat profile (nickname, avatar); needs the snsapi_userinfo scope. */
    userInfo(accessToken: string, openid: string): Promise<WechatUserInfo> {
      return call('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' }, userInfoBody);
    },
  };
}
export type WechatClient = ReturnType<typeof createWechatClient>;

/** Whether WeChat is the built-in simulator: demo mode without a configured API address. */
export const usesWechatSimulator = (config: Config) => config.demo && !config.wechat.apiBase;

/** The real network, with a timeout: WeChat's API must never hold a request for long. */
export const networkGet: HttpGet = (url) => fetch(url, { signal: AbortSignal.timeout(10_000) });
