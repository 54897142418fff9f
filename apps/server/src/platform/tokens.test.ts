import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import { createUser } from '../test/fixtures';
import { migrate, openDb, type DbHandle } from './db';
import type { EventBus, EventHandler } from './events';
import { ACCESS_CHECK_CACHE_MS, createTokenService, type TokenService } from './tokens';

/** Two instances' buses joined as Redis joins them: a message reaches the other instance as 'remote'. */
function linkedBuses(): [EventBus, EventBus] {
  const handlers: Map<string, EventHandler[]>[] = [new Map(), new Map()];
  const bus = (me: 0 | 1): EventBus => ({
    kind: 'redis',
    publish: (topic, payload) => {
      for (const h of handlers[me]!.get(topic) ?? []) h(payload, 'local');
      for (const h of handlers[1 - me]!.get(topic) ?? []) h(structuredClone(payload), 'remote');
    },
    subscribe: (topic, h) => {
      handlers[me]!.set(topic, [...(handlers[me]!.get(topic) ?? []), h]);
      return () => undefined;
    },
    ping: async () => true,
    healthy: () => true,
    close: async () => undefined,
  });
  return [bus(0), bus(1)];
}

let dbh: DbHandle;
let a: TokenService;
let b: TokenService;
let ctx: AppContext;
beforeAll(async () => {
  dbh = openDb({ sqliteFile: ':memory:' });
  await migrate(dbh);
  const [busA, busB] = linkedBuses();
  a = createTokenService(dbh.db, busA);
  b = createTokenService(dbh.db, busB);
  ctx = { db: dbh.db, tokens: a } as unknown as AppContext;
});
afterAll(async () => {
  vi.useRealTimers();
  await dbh.close();
});

describe('access token checks', () => {
  it('a live token is taken from memory for at most ACCESS_CHECK_CACHE_MS, then asked again', async () => {
    const u = await createUser(ctx);
    expect(await a.verifyAccess('app', u.token)).toMatchObject({ subjectId: Number(u.id) });
    // revoked behind the service's back (no path of the shop does this): the bound still holds
    await dbh.db
      .updateTable('auth_token')
      .set({ revoked_at: Date.now() })
      .where('subject_id', '=', u.id)
      .execute();
    expect(await a.verifyAccess('app', u.token)).toMatchObject({ subjectId: Number(u.id) });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ACCESS_CHECK_CACHE_MS + 1 });
    expect(await a.verifyAccess('app', u.token)).toBeNull();
    vi.useRealTimers();
    // the other realm never answers for an app token
    expect(await a.verifyAccess('admin', u.token)).toBeNull();
  });

  it('a revocation ends the token at once here and on the other instance', async () => {
    const u = await createUser(ctx);
    const other = await a.issue('app', Number(u.id));
    for (const s of [a, b]) {
      expect(await s.verifyAccess('app', u.token)).not.toBeNull();
      expect(await s.verifyAccess('app', other.token)).not.toBeNull();
    }
    const { family } = (await a.verifyAccess('app', other.token))!;
    // every session but the caller's own (a password change)
    await b.revokeSubject('app', Number(u.id), family);
    for (const s of [a, b]) {
      expect(await s.verifyAccess('app', u.token)).toBeNull();
      expect(await s.verifyAccess('app', other.token)).not.toBeNull();
    }
    // sign-out of the last one, through the other instance
    await a.revokeFamily(family);
    for (const s of [a, b]) expect(await s.verifyAccess('app', other.token)).toBeNull();
  });

  it('a refresh ends the old access token on both instances', async () => {
    const u = await createUser(ctx);
    for (const s of [a, b]) expect(await s.verifyAccess('app', u.token)).not.toBeNull();
    const next = await b.spendRefresh('app', u.refreshToken);
    expect(next.subjectId).toBe(Number(u.id));
    for (const s of [a, b]) expect(await s.verifyAccess('app', u.token)).toBeNull();
  });
});
