import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { findLive, insertSingleUse, purgeExpired, spendOnce } from './single-use';

// The single-use state helper on the engine under test (PostgreSQL when DATABASE_URL is set), on two of the
// tables that use it: a WeChat pay authorisation's state (bound to a hash, an account and an order) and a
// one-time code (bound to its id, with an attempt limit).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const T0 = 1_700_000_000_000;
const TTL = 600_000;
let serial = 0;

/** A new pay state bound to user 1 and order 2, live from `at` for TTL; its binding. */
async function newPayState(at = T0) {
  const binding = { state_hash: `state-${++serial}`, user_id: 1, order_id: 2 };
  await insertSingleUse(t.ctx.db, 'wechat_pay_state', binding, { at, expiresAt: at + TTL });
  return binding;
}

const spend = (binding: { state_hash: string; user_id: number; order_id: number }, at = T0 + 1) =>
  spendOnce(t.ctx.db, 'wechat_pay_state', binding, at, { returning: ['state_hash', 'used_at'] });

const rowOf = (stateHash: string) =>
  t.ctx.db.selectFrom('wechat_pay_state').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();

describe('single-use state', () => {
  it('records a state live and unspent, finds it while live, and spends it once', async () => {
    const s = await newPayState();
    expect(await rowOf(s.state_hash)).toEqual({ ...s, expires_at: T0 + TTL, used_at: null, created_at: T0 });
    expect(await findLive(t.ctx.db, 'wechat_pay_state', s, T0 + 1, ['order_id'])).toEqual({ order_id: 2 });
    expect(await spend(s, T0 + 5)).toEqual({ state_hash: s.state_hash, used_at: T0 + 5 });
    expect(await spend(s, T0 + 6)).toBeUndefined();
    expect(await findLive(t.ctx.db, 'wechat_pay_state', s, T0 + 7, ['order_id'])).toBeUndefined();
    expect((await rowOf(s.state_hash))?.used_at).toBe(T0 + 5);
  });

  it('neither finds nor spends a state under another binding, and leaves it to its own', async () => {
    const s = await newPayState();
    for (const other of [{ user_id: 9 }, { order_id: 9 }, { state_hash: 'state-unknown' }]) {
      expect(await findLive(t.ctx.db, 'wechat_pay_state', { ...s, ...other }, T0 + 1, ['state_hash'])).toBe(
        undefined,
      );
      expect(await spend({ ...s, ...other })).toBeUndefined();
    }
    expect((await rowOf(s.state_hash))?.used_at).toBeNull();
    expect(await spend(s)).toBeDefined();
  });

  it('neither finds nor spends a state at or past its expiry', async () => {
    const s = await newPayState();
    expect(await findLive(t.ctx.db, 'wechat_pay_state', s, T0 + TTL, ['state_hash'])).toBeUndefined();
    expect(await spend(s, T0 + TTL)).toBeUndefined();
    expect(await spend(s, T0 + TTL + 1)).toBeUndefined();
    expect(await spend(s, T0 + TTL - 1)).toBeDefined();
  });

  it('purges the expired states, spent or not, and keeps the live ones', async () => {
    const old = await newPayState(T0 - TTL);
    const oldSpent = await newPayState(T0 - TTL);
    expect(await spend(oldSpent, T0 - 1)).toBeDefined();
    const live = await newPayState(T0 - 1);
    await purgeExpired(t.ctx.db, 'wechat_pay_state', T0);
    expect(await rowOf(old.state_hash)).toBeUndefined();
    expect(await rowOf(oldSpent.state_hash)).toBeUndefined();
    expect(await rowOf(live.state_hash)).toBeDefined();
  });

  it('purges the expired states on recording a new one when asked to, and only then', async () => {
    const expired = await newPayState(T0 - TTL);
    const fresh = { state_hash: `state-${++serial}`, user_id: 1, order_id: 2 };
    await insertSingleUse(t.ctx.db, 'wechat_pay_state', fresh, {
      at: T0,
      expiresAt: T0 + TTL,
      purgeExpired: true,
    });
    expect(await rowOf(expired.state_hash)).toBeUndefined();
    expect(await rowOf(fresh.state_hash)).toBeDefined();
    const old = await newPayState(T0 - TTL);
    await newPayState(T0);
    expect(await rowOf(old.state_hash)).toBeDefined();
  });

  it('does not spend a state whose counted column reached its limit (a code out of tries)', async () => {
    const insertCode = async (attempts: number) => {
      const code = `c${++serial}`;
      await insertSingleUse(
        t.ctx.db,
        'verify_code',
        { channel: 'sms', target: '+886900000000', purpose: 'login', code_hash: code, attempts, ip: '::1' },
        { at: T0, expiresAt: T0 + TTL },
      );
      const row = await t.ctx.db
        .selectFrom('verify_code')
        .select('id')
        .where('code_hash', '=', code)
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const spendCode = (id: number) =>
      spendOnce(t.ctx.db, 'verify_code', { id }, T0 + 1, { returning: ['id'], below: { attempts: 5 } });
    const spent = await insertCode(4);
    const outOfTries = await insertCode(5);
    expect(await spendCode(outOfTries)).toBeUndefined();
    expect(await spendCode(spent)).toEqual({ id: spent });
  });

  it('of two spends of one state racing, exactly one wins (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const s = await newPayState();
      const results = await Promise.all([spend(s, T0 + 1), spend(s, T0 + 2)]);
      expect(
        results.filter((r) => r !== undefined),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });

  it('a spend waiting on a spend not yet committed gets nothing once that one commits', async () => {
    const s = await newPayState();
    let second: ReturnType<typeof spend> | undefined;
    await t.ctx.db.transaction().execute(async (trx) => {
      const first = await spendOnce(trx, 'wechat_pay_state', s, T0 + 1, { returning: ['state_hash'] });
      expect(first).toEqual({ state_hash: s.state_hash });
      // PostgreSQL: another connection's spend blocks on the row this transaction holds until it commits;
      // SQLite: it waits for the one connection
      second = spend(s, T0 + 2);
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(await second).toBeUndefined();
    expect((await rowOf(s.state_hash))?.used_at).toBe(T0 + 1);
  });
});
