import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, defined, PRODUCTION_ENV } from '../../test/harness';

const PARTNER_ENV = {
  PARTNER_API_BASE: 'https://api.partner.example/v1',
  PARTNER_CLIENT_ID: 'simshop',
  PARTNER_CLIENT_SECRET: 'client-secret',
  PARTNER_WEBHOOK_SECRET: 'webhook-secret-0123456789',
};

describe('plan partner wiring', () => {
  it('demo mode: ctx.providers.planPartner reaches the simulator mounted at /dev/sim/partner', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const partner = defined(t.ctx.providers.planPartner);
      const jp = defined(await partner.commodity('JP-5GB-7D'));
      expect(jp.countries).toEqual(['JP']);
      const o = await partner.createOrder({
        reference: 'wiring-1',
        commodityCode: 'JP-5GB-7D',
        quantity: 1,
        callbackUrl: `${t.config.publicUrl}/nowhere`,
      });
      expect(o.reference).toBe('wiring-1');
    } finally {
      await t.close();
    }
  });

  it('production: no partner without PARTNER_*, the adapter with all four, and a half set refused', async () => {
    const bare = await createTestApp({ env: PRODUCTION_ENV, seed: false });
    try {
      expect(bare.ctx.providers.planPartner).toBeNull();
      expect((await bare.app.inject({ method: 'GET', url: '/dev/sim/partner/countries' })).statusCode).toBe(
        404,
      );
    } finally {
      await bare.close();
    }
    expect(loadConfig({ ...PRODUCTION_ENV, ...PARTNER_ENV }).partner).toEqual({
      apiBase: PARTNER_ENV.PARTNER_API_BASE,
      clientId: 'simshop',
      clientSecret: 'client-secret',
      webhookSecret: PARTNER_ENV.PARTNER_WEBHOOK_SECRET,
    });
    expect(() => loadConfig({ ...PRODUCTION_ENV, PARTNER_API_BASE: PARTNER_ENV.PARTNER_API_BASE })).toThrow(
      /PARTNER_CLIENT_SECRET/,
    );
  });
});
