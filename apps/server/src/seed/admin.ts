import type { AdminRole } from '@simshop/contracts';
import type { Config } from '../config';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/password';

export const INITIAL_ADMIN_USERNAME = 'admin';

/**
 * Creates the first operator, `admin` (role owner), with ADMIN_INITIAL_PASSWORD when no operator exists yet.
 * Safe to run on every start: it never touches an existing operator, so a changed password stays changed.
 */
export async function seedAdmin(db: Db, config: Config) {
  const any = await db.selectFrom('admin_user').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('admin_user')
    .values({
      username: INITIAL_ADMIN_USERNAME,
      name: 'Administrator',
      password_hash: await hashPassword(config.adminInitialPassword),
      role: 'owner',
      status: 1,
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}

/**
 * Demo operators, one per role, so the console and its journeys can sign in as each (README lists them).
 * Demo mode only; never overwrites an existing operator of the same username.
 */
export const DEMO_OPERATORS: readonly {
  username: string;
  name: string;
  role: AdminRole;
  password: string;
}[] = [
  { username: 'owner', name: 'Olivia Owner', role: 'owner', password: 'Owner#2026' },
  { username: 'catalogue', name: 'Carl Catalogue', role: 'catalogue', password: 'Catalogue#2026' },
  { username: 'orders', name: 'Oscar Orders', role: 'orders', password: 'Orders#2026' },
  { username: 'support', name: 'Sara Support', role: 'support', password: 'Support#2026' },
  { username: 'finance', name: 'Fiona Finance', role: 'finance', password: 'Finance#2026' },
];

const demoHashes = new Map<string, Promise<string>>();
/** Hashed once per process (scrypt is slow on purpose; tests seed many databases). */
const demoHash = (password: string) => {
  let hash = demoHashes.get(password);
  if (!hash) demoHashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export async function seedDemoOperators(db: Db) {
  for (const op of DEMO_OPERATORS) {
    await db
      .insertInto('admin_user')
      .values({
        username: op.username,
        name: op.name,
        password_hash: await demoHash(op.password),
        role: op.role,
        status: 1,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
  }
}
