import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { fail } from '../../platform/errors';
import {
  findLivePayState,
  findPayerOpenid,
  findSignInOpenid,
  insertPayState,
  keepPayerOpenid,
  spendPayState,
} from './wechat-payer.repository';

/**
 * Who pays with WeChat Pay inside WeChat (JSAPI, issue 27). JSAPI orders name the payer by their openid under
 * the Official Account that pays, which the shop learns by WeChat's web authorisation with the silent
 * `snsapi_base` scope: the browser goes to WeChat's authorize page and comes straight back to
 * `/pages/simpay/wechat?orderId=` with `code` and `state`; the code gives the openid
 * (`sns/oauth2/access_token`). The state is random, bound to the account and the order, ten minutes, and
 * spent once. The openid is kept per account, so a returning buyer pays at once. The Official Account is
 * `WECHAT_APP_ID` (config refuses WeChat Pay in production under another appid).
 */
const STATE_TTL_MS = 10 * 60_000;
/** The page WeChat sends the browser back to; it finishes with `app/order/pay/wechatJsapi`. */
export const WECHAT_PAY_RETURN_PATH = '/pages/simpay/wechat';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** The buyer's openid for JSAPI: the kept one, else the one they signed in with; undefined when neither. */
export async function payerOpenid(ctx: AppContext, userId: number): Promise<string | undefined> {
  const kept = await findPayerOpenid(ctx.db, userId, ctx.config.wechat.appId);
  if (kept) return kept.openid;
  return (await findSignInOpenid(ctx.db, userId))?.wechat_openid ?? undefined;
}

/** Starts the silent authorisation for paying `orderId`: the WeChat authorize URL to send the browser to. */
export async function payerAuthorizeUrl(ctx: AppContext, userId: number, orderId: number): Promise<string> {
  const state = crypto.randomBytes(24).toString('base64url');
  const at = now();
  await insertPayState(ctx.db, {
    stateHash: sha256(state),
    userId,
    orderId,
    expiresAt: at + STATE_TTL_MS,
    at,
  });
  const back = `${ctx.config.publicUrl}${WECHAT_PAY_RETURN_PATH}?orderId=${orderId}`;
  return ctx.providers.wechat.authorizeUrl(back, state, 'snsapi_base');
}

/**
 * Finishes the authorisation WeChat sent back for this account and order: the openid, kept for the account.
 * A state of another account or order, expired or spent, a bad or used code, or an unreachable WeChat:
 * PAY_WECHAT_AUTHORIZE_FAILED (the buyer taps pay again, which starts a new one).
 */
export async function finishPayerAuthorize(
  ctx: AppContext,
  userId: number,
  input: { orderId: number; code: string; state: string },
): Promise<string> {
  const stateHash = sha256(input.state);
  if (!(await findLivePayState(ctx.db, stateHash, userId, input.orderId, now())))
    return fail('PAY_WECHAT_AUTHORIZE_FAILED');
  let openid: string;
  try {
    openid = (await ctx.providers.wechat.exchangeCode(input.code)).openid;
  } catch {
    // WeChat's errcode (bad, used or expired code), an unexpected answer or an unreachable WeChat
    return fail('PAY_WECHAT_AUTHORIZE_FAILED');
  }
  // spent once WeChat vouched for the payer (a bad code leaves it for the real one)
  if (!(await spendPayState(ctx.db, stateHash, userId, input.orderId, now())))
    return fail('PAY_WECHAT_AUTHORIZE_FAILED');
  await keepPayerOpenid(ctx.db, { userId, appid: ctx.config.wechat.appId, openid, at: now() });
  return openid;
}
