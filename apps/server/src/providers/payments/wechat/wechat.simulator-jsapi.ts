import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rsaVerify } from './wechat.crypto';
import type { Trade } from './wechat.simulator-model';

/**
 * The demo's stand-in for the WeChat client behind `WeixinJSBridge.invoke('getBrandWCPayRequest', params)`:
 * a page inside the real WeChat hands the parameters to the WeChat app, which checks them with WeChat Pay and
 * shows the payer the cashier. No browser outside WeChat has that bridge, so a demo or a test journey
 * injects a fake `WeixinJSBridge` that posts the parameters here (JSON) with the payer's choice, and gets
 * the bridge's answer: `{ err_msg: 'get_brand_wcpay_request:ok' | ':cancel' | ':fail' }`.
 *
 * Checked as WeChat does (payment-protocols.md 1.2): the appId is one of the merchant's and the trade's; the
 * package names a live JSAPI prepay_id; signType is RSA; paySign verifies with the merchant's public key
 * over `appId\ntimeStamp\nnonceStr\npackage\n` (signType not signed). Paying sends the notification.
 */
const bridgeCall = z.object({
  appId: z.string(),
  timeStamp: z.string().regex(/^\d{10}$/),
  nonceStr: z.string().min(1).max(32),
  package: z.string().regex(/^prepay_id=\S+$/),
  signType: z.literal('RSA'),
  paySign: z.string().min(1),
  /** What the payer does in the WeChat cashier. */
  action: z.enum(['pay', 'cancel', 'fail']).default('pay'),
});

export type JsapiBridgeDeps = {
  appids: readonly string[];
  merchantPublicKey: string;
  tradeOfPrepay(prepayId: string): Trade | undefined;
  stateOf(t: Trade): Trade['state'];
  pay(t: Trade): void;
  fail(t: Trade): void;
};

const answer = (result: 'ok' | 'cancel' | 'fail', desc?: string) => ({
  err_msg: `get_brand_wcpay_request:${result}`,
  ...(desc ? { err_desc: desc } : {}),
});

/** What the WeChat client answers getBrandWCPayRequest with these parameters and the payer's choice. */
export function getBrandWCPayRequest(deps: JsapiBridgeDeps, body: unknown) {
  const parsed = bridgeCall.safeParse(body);
  if (!parsed.success) return answer('fail', '缺少参数 (missing or malformed parameters)');
  const p = parsed.data;
  const t = deps.tradeOfPrepay(p.package.slice('prepay_id='.length));
  if (!t || t.tradeType !== 'JSAPI') return answer('fail', 'prepay_id 不存在 (unknown prepay_id)');
  if (!deps.appids.includes(p.appId) || p.appId !== t.appid)
    return answer('fail', 'appId 与下单不一致 (appId differs from the order)');
  const signed = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
  if (!rsaVerify(signed, p.paySign, deps.merchantPublicKey))
    return answer('fail', '支付验证签名失败 (paySign does not verify)');
  if (deps.stateOf(t) !== 'NOTPAY') return answer('fail', '订单已支付或已关闭 (already paid or closed)');
  if (p.action === 'cancel') return answer('cancel');
  if (p.action === 'fail') {
    deps.fail(t);
    return answer('fail', '支付失败 (the bank declined)');
  }
  deps.pay(t);
  return answer('ok');
}

/** Mounts the bridge under the simulator: POST <mount>/jsapi/getBrandWCPayRequest. */
export function jsapiBridgeRoute(sim: FastifyInstance, deps: JsapiBridgeDeps) {
  sim.post('/jsapi/getBrandWCPayRequest', { schema: { hide: true } }, async (req) => {
    let body: unknown;
    try {
      body = JSON.parse(String(req.body ?? ''));
    } catch {
      body = undefined;
    }
    return getBrandWCPayRequest(deps, body);
  });
}
