import type { Config } from '../config';
import type { Db } from '../platform/db';
import { seedBase } from './base';
import { seedDictionaries } from './dict';
import { seedAdmin, seedDemoOperators } from './admin';
import { seedTaiwanRegions } from './region';
import { seedDemoCoupons } from './coupon';
import { seedCatalogue } from './catalogue';
import { seedPartnerLinks } from './simcard';
import { seedDevices } from './devices';
import { seedDemoInvoiceTracks } from './invoice';

/** What every deployment needs, demo or production: the published version, dictionaries and the first operator. */
export async function seedEssentials(db: Db, config: Config) {
  await seedBase(db, config);
  await seedDictionaries(db, config);
  await seedTaiwanRegions(db, config);
  await seedAdmin(db, config);
  await seedDevices(db, config);
}

/** Seeds demo data once; each part checks whether it already ran. */
export async function seedDemo(db: Db, config: Config) {
  await seedEssentials(db, config);
  await seedCatalogue(db, config);
  await seedPartnerLinks(db, config);
  await seedDemoCoupons(db, config);
  await seedDemoOperators(db);
  await seedDemoInvoiceTracks(db, config);
}
