import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import WxPay from 'wechatpay-node-v3';
import type { HttpClient, HttpRequest } from '../channel';
import { createInjectHttpClient } from '../http-client';
import { createWechatPayDemo } from './wechat.demo';
import { createWechatPaySimulator } from './wechat.simulator';

/** Where the SDK suites mount the simulator, as demo mode does. */
export const WECHAT_SIM_URL = 'http://shop.test/dev/sim/wechat';

/**
 * What the WeChat Pay SDK suites (wechat.sdk, wechat.h5-jsapi.sdk) share: a Fastify app with the simulator
 * mounted at /dev/sim/wechat, the demo's adapter and simulator options on one set of keys, and every
 * request the adapter sent (`sent`). `app` is not ready yet: a suite may add its own routes (a notify
 * endpoint) first, then calls `ready()`.
 */
export async function wechatSdkRig() {
  const app: FastifyInstance = Fastify();
  const inject = createInjectHttpClient(() => app);
  const sent: HttpRequest[] = [];
  const recording: HttpClient = async (req) => {
    sent.push(req);
    return inject(req);
  };
  const demo = createWechatPayDemo({
    baseUrl: WECHAT_SIM_URL,
    shopHttp: recording,
    simulatorHttp: inject,
    retryDelaysMs: [],
  });
  const sim = createWechatPaySimulator(demo.simulator);
  await app.register(sim.plugin, { prefix: '/dev/sim/wechat' });
  return { app, sim, sent, channelOpts: demo.channel, simOpts: demo.simulator };
}

/** wechatpay-node-v3 as the same merchant: its appid, mchid, serial, key pair and APIv3 key. */
export function wechatpayNodeSdk(o: {
  appid: string;
  mchid: string;
  merchantSerial: string;
  merchantPrivateKey: string;
  apiV3Key: string;
}) {
  const merchantPublic = crypto.createPublicKey(o.merchantPrivateKey).export({ type: 'spki', format: 'pem' });
  return new WxPay({
    appid: o.appid,
    mchid: o.mchid,
    serial_no: o.merchantSerial,
    publicKey: Buffer.from(merchantPublic),
    privateKey: Buffer.from(o.merchantPrivateKey),
    key: o.apiV3Key,
  });
}
