import type { EsimDeviceBrand } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { countEsimDevices, insertEsimDevices, listEsimDevices } from './catalogue-devices.repository';

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The eSIM compatibility check: the device models the shop knows to support eSIM, grouped by brand. A key word
 * keeps the models whose "brand model" contains every word of it ("iphone 15", "pixel", "galaxy s24"); a brand
 * named alone keeps all of that brand's models.
 */
export async function esimDevices(ctx: AppContext, keyWord?: string): Promise<EsimDeviceBrand[]> {
  const words = keyWord ? fold(keyWord).split(' ').filter(Boolean) : [];
  const out = new Map<string, string[]>();
  for (const d of await listEsimDevices(ctx.db)) {
    const hay = fold(`${d.brand} ${d.model}`);
    if (!words.every((w) => hay.includes(w))) continue;
    const models = out.get(d.brand) ?? [];
    models.push(d.model);
    out.set(d.brand, models);
  }
  return [...out].map(([brand, models]) => ({ brand, models }));
}

/** Seeds the device list once (skipped when any device exists): brand -> models, in display order. */
export async function seedEsimDevices(db: Db, devices: Record<string, string[]>, at: number) {
  if ((await countEsimDevices(db)) > 0) return;
  let order = 0;
  await insertEsimDevices(
    db,
    Object.entries(devices).flatMap(([brand, models]) =>
      models.map((model) => ({
        brand,
        model,
        note: null,
        order_num: (order += 1),
        status: 1,
        created_at: at,
        updated_at: at,
      })),
    ),
  );
}
