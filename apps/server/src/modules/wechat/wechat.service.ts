import crypto from 'node:crypto';
import { NICKNAME_MAX, type TokenResponse } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { WechatClient, WechatUserInfo } from '../../providers/wechat/wechat.client';
import { findUserByOpenid, insertWechatUser } from './wechat.repository';

const STATE_TTL_MS = 10 * 60_000;
/** Where WeChat sends the browser back: the login page finishes the login with `code` and `state`. */
export const WECHAT_RETURN_PATH = '/pages/user/login';
/** WeChat's own name for a user who shares no nickname. */
const DEFAULT_WECHAT_NICKNAME = '微信用户';

type StatePayload = { r: string; e: number; n: string };

/** An app path to return to after login; anything else (another site, `//host`) becomes home. */
export function safeAppPath(redirect: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(redirect) ? redirect : '/';
}

const stateMac = (secret: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`wechat-state|${body}`).digest('base64url');

function signState(secret: string, payload: StatePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${stateMac(secret, body)}`;
}

/** The state's payload when we signed it and it is less than 10 minutes old; otherwise null. */
function readState(secret: string, state: string, at: number): StatePayload | null {
  const [body, mac] = state.split('.');
  if (!body || !mac) return null;
  const expected = stateMac(secret, body);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected)))
    return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    return typeof p.r === 'string' && typeof p.e === 'number' && p.e > at ? p : null;
  } catch {
    return null;
  }
}

/**
 * Starts a WeChat login: the authorize URL to open and its state (HMAC-signed, 10 minutes, carrying the
 * app path to return to). The client keeps the state and checks that the one coming back is the same.
 */
export function wechatAuthorizeUrl(ctx: AppContext, client: WechatClient, redirect: string) {
  const state = signState(ctx.config.secret, {
    r: safeAppPath(redirect),
    e: now() + STATE_TTL_MS,
    n: crypto.randomBytes(9).toString('base64url'),
  });
  return { url: client.authorizeUrl(`${ctx.config.publicUrl}${WECHAT_RETURN_PATH}`, state), state };
}

function nicknameFrom(info: WechatUserInfo): string {
  const name = Array.from(info.nickname.trim()).slice(0, NICKNAME_MAX).join('');
  return name || DEFAULT_WECHAT_NICKNAME;
}

const avatarFrom = (info: WechatUserInfo) =>
  /^https?:\/\/\S+$/.test(info.headimgurl) && info.headimgurl.length <= 512 ? info.headimgurl : null;

async function exchange(client: WechatClient, code: string) {
  try {
    const token = await client.exchangeCode(code);
    const info = await client.userInfo(token.access_token, token.openid);
    return { openid: token.openid, info };
  } catch {
    // WeChat's errcode (bad, used or expired code), an unexpected answer or an unreachable WeChat
    return fail('WECHAT_AUTH_FAILED');
  }
}

/**
 * Finishes a WeChat login with the code and state WeChat sent back: finds the account linked to the
 * openid, or creates a personal one from the WeChat profile, and logs it in.
 */
export async function wechatLogin(
  ctx: AppContext,
  client: WechatClient,
  input: { code: string; state: string },
): Promise<TokenResponse & { redirect: string; isNew: boolean }> {
  const state = readState(ctx.config.secret, input.state, now());
  if (!state) return fail('WECHAT_AUTH_FAILED');
  const { openid, info } = await exchange(client, input.code);
  let user = await findUserByOpenid(ctx.db, openid);
  let isNew = false;
  if (!user) {
    const id = await insertWechatUser(ctx.db, {
      openid,
      nickname: nicknameFrom(info),
      avatarUrl: avatarFrom(info),
      at: now(),
    });
    isNew = id !== null;
    user = id !== null ? { id, status: 1 } : await findUserByOpenid(ctx.db, openid);
    if (!user) return fail('WECHAT_AUTH_FAILED');
  }
  if (user.status === 0) fail('ACCOUNT_DISABLED');
  if (user.status !== 1) fail('ACCOUNT_DELETED');
  const tokens = await ctx.tokens.issue('app', user.id);
  return { ...tokens, redirect: state.r, isNew };
}
