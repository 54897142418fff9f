import crypto from 'node:crypto';
import { NICKNAME_MAX, type TokenResponse } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { Providers } from '../../providers';
import type { WechatUserInfo } from '../../providers/wechat/wechat.client';
import {
  findLiveWechatState,
  findUserByOpenid,
  insertWechatState,
  insertWechatUser,
  spendWechatState,
} from './wechat.repository';

const STATE_TTL_MS = 10 * 60_000;
/** Where WeChat sends the browser back: the login page finishes the login with `code` and `state`. */
export const WECHAT_RETURN_PATH = '/pages/user/login';
/** WeChat's own name for a user who shares no nickname. */
const DEFAULT_WECHAT_NICKNAME = '微信用户';

/** An app path to return to after login; anything else (another site, `//host`) becomes home. */
export function safeAppPath(redirect: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(redirect) ? redirect : '/';
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * Starts a WeChat login: the authorize URL to open, its state (random, single use, 10 minutes, stored
 * with the app path to return to) and a nonce for the browser to keep. Only the browser holding the
 * nonce can finish this login, so a callback link made from someone else's login is useless.
 */
export async function wechatAuthorizeUrl(ctx: AppContext, redirect: string) {
  const state = crypto.randomBytes(24).toString('base64url');
  const nonce = crypto.randomBytes(24).toString('base64url');
  const at = now();
  await insertWechatState(ctx.db, {
    stateHash: sha256(state),
    nonceHash: sha256(nonce),
    redirect: safeAppPath(redirect),
    expiresAt: at + STATE_TTL_MS,
    at,
  });
  const url = ctx.providers.wechat.authorizeUrl(`${ctx.config.publicUrl}${WECHAT_RETURN_PATH}`, state);
  return { url, state, nonce };
}

function nicknameFrom(info: WechatUserInfo): string {
  const name = Array.from(info.nickname.trim()).slice(0, NICKNAME_MAX).join('');
  return name || DEFAULT_WECHAT_NICKNAME;
}

const avatarFrom = (info: WechatUserInfo) =>
  /^https?:\/\/\S+$/.test(info.headimgurl) && info.headimgurl.length <= 512 ? info.headimgurl : null;

async function exchange(client: Providers['wechat'], code: string) {
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
  input: { code: string; state: string; nonce: string },
): Promise<TokenResponse & { redirect: string; isNew: boolean }> {
  // only the browser that started this login holds the nonce; a state works once
  const stateHash = sha256(input.state);
  const nonceHash = sha256(input.nonce);
  if (!(await findLiveWechatState(ctx.db, stateHash, nonceHash, now()))) return fail('WECHAT_AUTH_FAILED');
  const { openid, info } = await exchange(ctx.providers.wechat, input.code);
  // spent once WeChat vouched for the person (a bad code leaves it for the real one); of racing
  // callbacks only one spends it
  const state = await spendWechatState(ctx.db, stateHash, nonceHash, now());
  if (!state) return fail('WECHAT_AUTH_FAILED');
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
  return { ...tokens, redirect: state.redirect, isNew };
}
