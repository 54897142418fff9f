import type { FastifyInstance } from 'fastify';
import type { HttpClient } from './payments/channel';
import { demoPaymentWiring, SIMULATOR_PATHS } from './payments/channels';
import { newebPaySimulator } from './payments/newebpay/newebpay.simulator';
import type { SimKeys } from './payments/sim-keys';
import { createEzPayInvoiceDemo, EZPAY_INVOICE_SIMULATOR_PATH } from './invoice/ezpay.demo';
import { ezPayInvoiceSimulator, type EzPaySimState } from './invoice/ezpay.simulator';
import { tapPaySimulator } from './payments/tappay/tappay.simulator';
import { createAlipaySimulator } from './payments/alipay/alipay.simulator';
import { createWechatPaySimulator } from './payments/wechat/wechat.simulator';
import { createPlanPartnerDemo, PARTNER_SIMULATOR_PATH } from './plan-partner/plan-partner.demo';
import { createPlanPartnerSimulator } from './plan-partner/plan-partner.simulator';

/**
 * Demo mode only (app.ts calls this when config.demo): mounts the payment providers' simulators at
 * /dev/sim/<provider> (wechat, alipay, tappay, newebpay; and the plan partner at /dev/sim/partner), built from the same kept keys and the same
 * in-process client as the adapters in ctx.providers.payments, so each adapter finds its simulator there.
 * Production never mounts them: those paths answer 404.
 */
export async function registerPaymentSimulators(
  app: FastifyInstance,
  o: { publicUrl: string; keys: SimKeys; http: HttpClient; invoiceSim: EzPaySimState; wechatAppid: string },
): Promise<void> {
  const w = demoPaymentWiring(o.publicUrl, o.keys, o.http, o.wechatAppid);
  await app.register(createWechatPaySimulator(w.wechat.simulator).plugin, { prefix: SIMULATOR_PATHS.wechat });
  await app.register(createAlipaySimulator(w.alipay.simulator).plugin, { prefix: SIMULATOR_PATHS.alipay });
  await app.register(tapPaySimulator, { prefix: SIMULATOR_PATHS.tappay, ...w.tappay.simulator });
  await app.register(newebPaySimulator, { prefix: SIMULATOR_PATHS.newebpay, ...w.newebpay.simulator });
  const partner = createPlanPartnerDemo({ publicUrl: o.publicUrl, http: o.http }).simulator;
  await app.register(createPlanPartnerSimulator(partner).plugin, { prefix: PARTNER_SIMULATOR_PATH });
  const invoice = createEzPayInvoiceDemo({ publicUrl: o.publicUrl, http: o.http, state: o.invoiceSim });
  await app.register(ezPayInvoiceSimulator, { prefix: EZPAY_INVOICE_SIMULATOR_PATH, ...invoice.simulator });
}
