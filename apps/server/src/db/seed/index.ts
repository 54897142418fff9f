import type { Config } from '../../config';
import type { Db } from '../../platform/db';
import { seedBase } from './base';
import { seedDictionaries } from './dict';
import { seedAdmin } from './admin';

/** Seeds demo data once; each part checks whether it already ran. */
export async function seedDemo(db: Db, config: Config) {
  await seedBase(db, config);
  await seedDictionaries(db, config);
  await seedAdmin(db, config);
}
