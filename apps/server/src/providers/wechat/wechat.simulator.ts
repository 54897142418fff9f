import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { WECHAT_SIMULATOR_PATH } from './wechat.client';

/**
 * Demo stand-in for WeChat's OAuth2 web authorisation, on our own address under /sim/wechat. It speaks
 * the real protocol (same paths, parameters, JSON fields and errcodes) so the adapter is the production
 * one: an authorize page where a person picks or types a WeChat identity and taps Authorize or Cancel,
 * the code exchange, and the profile call. Codes are single use and live 5 minutes; state is in memory
 * (demo mode runs one process).
 */
const CODE_TTL_MS = 5 * 60_000;
const ACCESS_TOKEN_TTL_S = 7200;
export const DEMO_WECHAT_IDENTITIES = ['微信用户小明', 'Alice Chen', 'Demo Traveller'] as const;
/** Demo only: the WeChat user "inside WeChat" for the silent snsapi_base authorisation (a fake client sets it). */
export const DEMO_WECHAT_IDENTITY_COOKIE = 'sim_wechat_user';

type Grant = { openid: string; nickname: string; scope: string; expiresAt: number; used: boolean };
type Access = { openid: string; nickname: string; scope: string; expiresAt: number };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The demo WeChat user a fake WeChat client named in its cookie, or '' (none, or not decodable). */
function cookieIdentity(header: string | undefined): string {
  const raw = new RegExp(`(?:^|;\\s*)${DEMO_WECHAT_IDENTITY_COOKIE}=([^;]*)`).exec(header ?? '')?.[1] ?? '';
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return '';
  }
}

function prune<T extends { expiresAt: number }>(map: Map<string, T>, at: number) {
  for (const [k, v] of map) if (v.expiresAt <= at) map.delete(k);
}

type AuthorizeParams = {
  appid?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
};

export async function registerWechatSimulator(app: FastifyInstance, config: Config) {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Access>();
  /** An openid is stable per app and identity, as WeChat's are: the same person logs in to the same account. */
  const openidOf = (name: string) =>
    `o${crypto.createHmac('sha256', config.wechat.appSecret).update(name.normalize('NFC')).digest('base64url').slice(0, 27)}`;
  const allowedOrigin = new URL(config.publicUrl).origin;

  /** WeChat refuses an unknown appid and a redirect outside the app's registered domain; so do we. */
  function checkAuthorize(q: AuthorizeParams): string | null {
    if (q.appid !== config.wechat.appId) return 'appid 参数错误 (invalid appid)';
    if (q.response_type !== 'code') return 'response_type 参数错误';
    if (q.scope !== 'snsapi_userinfo' && q.scope !== 'snsapi_base') return 'scope 参数错误';
    try {
      if (!q.redirect_uri || new URL(q.redirect_uri).origin !== allowedOrigin) throw new Error('origin');
    } catch {
      return 'redirect_uri 参数错误 (redirect_uri domain differs from the registered one)';
    }
    return null;
  }

  /** Issues a single-use code for `nickname` and answers where WeChat sends the browser back with it. */
  function grantCode(q: AuthorizeParams, nickname: string): string {
    const back = new URL(q.redirect_uri ?? '');
    if (q.state) back.searchParams.set('state', q.state);
    const at = Date.now();
    prune(grants, at);
    const code = crypto.randomBytes(16).toString('hex');
    const name = nickname.slice(0, 32);
    grants.set(code, {
      openid: openidOf(name),
      nickname: name,
      scope: q.scope ?? '',
      expiresAt: at + CODE_TTL_MS,
      used: false,
    });
    back.searchParams.set('code', code);
    return back.toString();
  }

  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>WeChat authorization (demo)</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#ededed;color:#191919}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px}
h1{font-size:20px;margin:0 0 8px}
.demo{font-size:13px;color:#6b6b6b;margin:0 0 16px}
fieldset{border:0;padding:0;margin:12px 0}
legend{font-weight:600;margin-bottom:6px}
label{display:flex;align-items:center;gap:8px;padding:6px 0}
input[type=text]{flex:1;font:inherit;padding:8px;border:1px solid #ccc;border-radius:6px}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:16px}
button{font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px}
.allow{background:#07c160;color:#fff}.deny{background:#f2f2f2;color:#191919}
</style></head>
<body><main>${body}</main></body></html>`);

  await app.register(
    async (sim) => {
      // the authorize form posts urlencoded, which the API itself never accepts
      sim.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      sim.get('/connect/oauth2/authorize', { schema: { hide: true } }, async (req, reply) => {
        const q = req.query as AuthorizeParams;
        const problem = checkAuthorize(q);
        if (problem)
          return page(
            reply,
            400,
            `<div class="card"><h1>Authorization error</h1><p>${escapeHtml(problem)}</p></div>`,
          );
        // snsapi_base is silent in WeChat: no page, straight back with a code for the person using this
        // WeChat. The demo's stand-in for that person is the cookie a fake WeChat client sets (the first
        // demo identity without one).
        if (q.scope === 'snsapi_base') {
          const name = cookieIdentity(req.headers.cookie) || DEMO_WECHAT_IDENTITIES[0];
          return reply.redirect(grantCode(q, name), 302);
        }
        const hidden = (['appid', 'redirect_uri', 'response_type', 'scope', 'state'] as const)
          .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? '')}">`)
          .join('');
        const choices = DEMO_WECHAT_IDENTITIES.map(
          (name, i) =>
            `<label><input type="radio" name="identity" value="${escapeHtml(name)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(name)}</label>`,
        ).join('');
        return page(
          reply,
          200,
          `<div class="card">
<h1>Authorize SimShop to use your WeChat profile</h1>
<p class="demo">Demo WeChat: no real account is involved. SimShop will receive your nickname and profile picture.</p>
<form method="post">${hidden}
<fieldset><legend>Log in to WeChat as</legend>${choices}
<label><input type="radio" name="identity" value="custom"> <input type="text" name="customName" maxlength="32" aria-label="Another WeChat name" placeholder="Another WeChat name"></label>
</fieldset>
<div class="actions">
<button class="allow" type="submit" name="action" value="allow">Authorize</button>
<button class="deny" type="submit" name="action" value="deny">Cancel</button>
</div></form></div>`,
        );
      });

      sim.post('/connect/oauth2/authorize', { schema: { hide: true } }, async (req, reply) => {
        const b = (req.body ?? {}) as AuthorizeParams & {
          identity?: string;
          customName?: string;
          action?: string;
        };
        const problem = checkAuthorize(b);
        if (problem)
          return page(
            reply,
            400,
            `<div class="card"><h1>Authorization error</h1><p>${escapeHtml(problem)}</p></div>`,
          );
        if (b.action !== 'allow') {
          const back = new URL(b.redirect_uri ?? '');
          if (b.state) back.searchParams.set('state', b.state);
          return reply.redirect(back.toString(), 302);
        }
        const custom = (b.customName ?? '').trim().slice(0, 32);
        const nickname =
          b.identity === 'custom' && custom
            ? custom
            : (DEMO_WECHAT_IDENTITIES.find((n) => n === b.identity) ?? DEMO_WECHAT_IDENTITIES[0]);
        return reply.redirect(grantCode(b, nickname), 302);
      });

      sim.get('/sns/oauth2/access_token', { schema: { hide: true } }, async (req) => {
        const q = req.query as Record<string, string | undefined>;
        if (q.appid !== config.wechat.appId) return { errcode: 40013, errmsg: 'invalid appid' };
        if (q.secret !== config.wechat.appSecret) return { errcode: 40125, errmsg: 'invalid appsecret' };
        if (q.grant_type !== 'authorization_code') return { errcode: 40002, errmsg: 'invalid grant_type' };
        const at = Date.now();
        const grant = q.code ? grants.get(q.code) : undefined;
        if (!grant || grant.expiresAt <= at) return { errcode: 40029, errmsg: 'invalid code' };
        if (grant.used) return { errcode: 40163, errmsg: 'code been used' };
        grant.used = true;
        prune(tokens, at);
        const accessToken = crypto.randomBytes(24).toString('base64url');
        tokens.set(accessToken, {
          openid: grant.openid,
          nickname: grant.nickname,
          scope: grant.scope,
          expiresAt: at + ACCESS_TOKEN_TTL_S * 1000,
        });
        return {
          access_token: accessToken,
          expires_in: ACCESS_TOKEN_TTL_S,
          refresh_token: crypto.randomBytes(24).toString('base64url'),
          openid: grant.openid,
          scope: grant.scope,
        };
      });

      sim.get('/sns/userinfo', { schema: { hide: true } }, async (req) => {
        const q = req.query as Record<string, string | undefined>;
        const access = q.access_token ? tokens.get(q.access_token) : undefined;
        if (!access || access.expiresAt <= Date.now())
          return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
        if (q.openid !== access.openid) return { errcode: 40003, errmsg: 'invalid openid' };
        if (access.scope !== 'snsapi_userinfo') return { errcode: 48001, errmsg: 'api unauthorized' };
        return {
          openid: access.openid,
          nickname: access.nickname,
          sex: 0,
          province: '',
          city: '',
          country: '',
          headimgurl: `${config.publicUrl}${WECHAT_SIMULATOR_PATH}/avatar/${access.openid}.svg`,
          privilege: [],
        };
      });

      // a profile picture per identity: a coloured disc, nothing taken from user input
      sim.get('/avatar/:file', { schema: { hide: true } }, async (req, reply) => {
        const { file } = req.params as { file: string };
        const hue = crypto.createHash('sha256').update(file).digest().readUInt8(0) * (360 / 256);
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .header('content-security-policy', "default-src 'none'")
          .send(
            `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132" viewBox="0 0 132 132"><rect width="132" height="132" fill="hsl(${Math.round(hue)},55%,55%)"/><circle cx="66" cy="52" r="24" fill="#fff"/><ellipse cx="66" cy="118" rx="42" ry="32" fill="#fff"/></svg>`,
          );
      });
    },
    { prefix: WECHAT_SIMULATOR_PATH },
  );
}
