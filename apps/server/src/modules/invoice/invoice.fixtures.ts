import { createTestApp, defined, type TestApp } from '../../test/harness';
import { createEzPayInvoiceClient } from '../../providers/invoice/ezpay.client';
import { ezPayInvoiceSimulator, type EzPaySimState } from '../../providers/invoice/ezpay.simulator';
import type { EzPayCredentials } from '../../providers/invoice/ezpay.wire';
import { createInjectHttpClient } from '../../providers/payments/http-client';

/**
 * A test app with e-invoices on, its ezPay client pointed at a simulator mounted in the same app (the real
 * protocol, in process) whose state the test holds: tests register tracks and flip switches there.
 */
export async function createInvoiceTestApp(
  sim: EzPaySimState,
  credentials: EzPayCredentials,
  env: Record<string, string> = {},
): Promise<TestApp> {
  let app: TestApp['app'] | undefined;
  const http = createInjectHttpClient(() => defined(app, 'app'));
  return createTestApp({
    env: { INVOICE_ENABLED: '1', ORDER_SWEEP_SECONDS: '0', ...env },
    providers: {
      invoice: createEzPayInvoiceClient({ ...credentials, baseUrl: 'http://shop.test/test/ezpay', http }),
    },
    beforeReady: async (a) => {
      app = a;
      await a.register(ezPayInvoiceSimulator, { prefix: '/test/ezpay', ...credentials, state: sim });
    },
  });
}
