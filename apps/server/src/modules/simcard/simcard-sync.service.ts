import type { CatalogueSyncResult } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { requirePermission } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { PartnerCommodity } from '../../providers/plan-partner/plan-partner';
import {
  goodsOfSaleTypeCovering,
  insertSpec,
  invalidateGoods,
  refreshMinPrice,
  specsOfPackage,
  updateSpec,
} from '../catalogue';
import { deletePartnerPricing, findPartnerPricing, savePartnerPricing } from './simcard.repository';

/**
 * Catalogue sync (a scheduled job and an operator command): the partner's packages are recorded in
 * `partner_commodity`; every spec whose `sku` is a package code gets the marked-up price; a package new to
 * us is added as a spec of our goods of its kind and single country (eSIM / SIM card / top-up), when we
 * have one. A package the partner drops is never deleted from us: its specs are kept and hidden
 * (status 0: carts and orders keep pointing at them; a bought card keeps working), and come back when
 * the package does. A spec hidden by an operator stays hidden.
 */

export const CATALOGUE_SYNC_JOB = 'simcard.catalogue-sync';

/** Our price in minor units: wholesale x FX x (1 + markup), rounded up to a whole unit of our currency. */
export function markedUpPrice(wholesaleMinor: number, rule: { fxRate: number; markupPercent: number }) {
  const minor = (wholesaleMinor / 100) * rule.fxRate * (1 + rule.markupPercent / 100) * 100;
  return Math.ceil(Math.round(minor) / 100) * 100;
}

export type PricingRule = { fxRate: number; markupPercent: number };

/** The rule the sync prices with: the operator's saved one, else the config's (PARTNER_MARKUP_PERCENT/FX_RATE). */
export async function pricingRule(ctx: AppContext): Promise<PricingRule> {
  const row = await findPartnerPricing(ctx.db);
  return row
    ? { markupPercent: Number(row.markup_percent), fxRate: Number(row.fx_rate) }
    : { markupPercent: ctx.config.simcard.markupPercent, fxRate: ctx.config.simcard.fxRate };
}

/** The pricing rule for the console (partner.sync): in force, where it comes from, the configured defaults. */
export async function adminPricing(ctx: AppContext, adminId: number) {
  await requirePermission(ctx, adminId, 'partner.sync');
  const row = await findPartnerPricing(ctx.db);
  const defaults = { markupPercent: ctx.config.simcard.markupPercent, fxRate: ctx.config.simcard.fxRate };
  return {
    ...(row ? { markupPercent: Number(row.markup_percent), fxRate: Number(row.fx_rate) } : defaults),
    source: row ? ('operator' as const) : ('config' as const),
    defaults,
    adminId: row ? Number(row.admin_id) : null,
    updatedAt: row ? new Date(Number(row.updated_at)).toISOString() : null,
  };
}

/** An operator sets the markup and FX rate; the next sync (scheduled or by hand) prices with them. */
export async function setAdminPricing(ctx: AppContext, adminId: number, rule: PricingRule) {
  await requirePermission(ctx, adminId, 'partner.sync');
  await savePartnerPricing(ctx.db, {
    markup_percent: rule.markupPercent,
    fx_rate: rule.fxRate,
    admin_id: adminId,
    updated_at: Date.now(),
  });
  return adminPricing(ctx, adminId);
}

/** Back to the configured defaults. */
export async function resetAdminPricing(ctx: AppContext, adminId: number) {
  await requirePermission(ctx, adminId, 'partner.sync');
  await deletePartnerPricing(ctx.db);
  return adminPricing(ctx, adminId);
}

const SALE_TYPE_OF: Record<PartnerCommodity['kind'], string> = {
  esim: 'esim',
  physical: 'sim',
  topup: 'topup',
};

/** Our goods a package new to us is added to: of its kind and its single country. */
const goodsFor = (db: Db, c: PartnerCommodity) =>
  c.countries.length === 1 ? goodsOfSaleTypeCovering(db, SALE_TYPE_OF[c.kind], c.countries[0]!) : null;

export async function syncCatalogue(ctx: AppContext, at = Date.now()): Promise<CatalogueSyncResult> {
  const partner = ctx.providers.planPartner ?? fail('PARTNER_UNAVAILABLE');
  const offered = await partner.commodities().catch(() => fail('PARTNER_UNAVAILABLE'));
  const rule = await pricingRule(ctx);
  const touched = new Set<number>();
  const result = await ctx.db.transaction().execute(async (trx) => {
    let created = 0;
    let updated = 0;
    let unavailable = 0;
    const known = new Map(
      (await trx.selectFrom('partner_commodity').selectAll().execute()).map((r) => [r.code, r]),
    );
    for (const c of offered) {
      const row = {
        name: c.name,
        kind: c.kind,
        countries: JSON.stringify(c.countries),
        data_bytes: c.dataBytes,
        validity_days: c.validityDays,
        validity_start: c.validityStart,
        price: c.price,
        currency: c.currency,
        top_upable: c.topUpable ? 1 : 0,
        available: 1,
        synced_at: at,
      };
      const before = known.get(c.code);
      if (before) await trx.updateTable('partner_commodity').set(row).where('code', '=', c.code).execute();
      else
        await trx
          .insertInto('partner_commodity')
          .values({ code: c.code, ...row })
          .execute();
      const price = markedUpPrice(c.price, rule);
      const specs = await specsOfPackage(trx, c.code, { shownOnly: false });
      const comesBack = before !== undefined && Number(before.available) === 0;
      for (const s of specs) {
        if (Number(s.price) === price && !comesBack) continue;
        await updateSpec(trx, s.id, { price, ...(comesBack ? { status: 1 } : {}), updated_at: at });
        touched.add(Number(s.goods_id));
        updated += 1;
      }
      if (specs.length === 0 && !before) {
        const goodsId = await goodsFor(trx, c);
        if (goodsId !== null) {
          await insertSpec(trx, {
            goods_id: goodsId,
            texts: null,
            data_mb: c.dataBytes === null ? null : Math.round(c.dataBytes / (1024 * 1024)),
            allowance: c.dataBytes === null ? 'daily' : 'total',
            validity_days: c.validityDays,
            price,
            original_price: null,
            stock: 9999,
            picture: null,
            no_freight: 0,
            sku: c.code,
            order_num: 100,
            status: 1,
            created_at: at,
            updated_at: at,
            deleted_at: null,
          });
          touched.add(goodsId);
          created += 1;
        }
      }
    }
    const offeredCodes = new Set(offered.map((c) => c.code));
    for (const [code, r] of known) {
      if (offeredCodes.has(code) || Number(r.available) === 0) continue;
      await trx
        .updateTable('partner_commodity')
        .set({ available: 0, synced_at: at })
        .where('code', '=', code)
        .execute();
      const specs = await specsOfPackage(trx, code, { shownOnly: true });
      for (const s of specs) {
        await updateSpec(trx, s.id, { status: 0, updated_at: at });
        touched.add(Number(s.goods_id));
        unavailable += 1;
      }
    }
    for (const g of touched) await refreshMinPrice(trx, g);
    return { created, updated, unavailable };
  });
  for (const g of touched) await invalidateGoods(ctx, g);
  return result;
}

export async function syncCatalogueAsOperator(ctx: AppContext, adminId: number) {
  await requirePermission(ctx, adminId, 'partner.sync');
  return syncCatalogue(ctx);
}
