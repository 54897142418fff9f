import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { createUser } from '../test/fixtures';

/**
 * The fuzz pass over every call of the OpenAPI document: wrong types, huge and negative numbers, unicode,
 * injection strings, in the body, the query and the path, as a visitor, a buyer and an operator. No answer
 * may be a server fault, and every JSON answer is the envelope {code, data, message}.
 */
type Schema = { type?: string | string[]; properties?: Record<string, Schema> };
type Op = {
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Op>> };

const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  1.5,
  '',
  ' ',
  'x'.repeat(20_000),
  "' OR '1'='1' --",
  '1; DROP TABLE "user";--',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%0d%0a',
  '\u0000\u202e\ud83d\ude00 中文 עברית 𝕳',
  '\ud800',
  '1e999',
  '-0',
  '{"$gt":""}',
  {},
  { $gt: '' },
  [],
  [1, 'a', null],
  { __proto__: { polluted: 1 }, constructor: { prototype: { polluted: 1 } } },
];
const WRONG_BODIES: unknown[] = ['text', 42, [], null, [{}], { unknownField: 'x'.repeat(1000) }];
/** FUZZ_FULL=1 (npm run reliability): every hostile value per field; else a rotating third, for the suite. */
const FULL = process.env.FUZZ_FULL === '1';
let rot = 0;
const someHostile = () => (FULL ? HOSTILE : HOSTILE.filter((_, i) => (i + rot++) % 3 === 0));
const asQuery = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

let t: TestApp;
let userId: number;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.ctx)).id;
  adminId = Number(
    (
      await t.ctx.db
        .selectFrom('admin_user')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(async () => t?.close());

describe('fuzz pass over the OpenAPI document', () => {
  it(
    'answers every hostile request without a server fault, in the envelope',
    { timeout: 600_000 },
    async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/swagger/json' })).json() as Doc;
      const faults: string[] = [];
      const notEnvelope: string[] = [];
      let requests = 0;
      let routes = 0;
      const random = fc.sample(fc.oneof(fc.anything(), fc.string({ unit: 'binary' }), fc.double()), {
        numRuns: 400,
        seed: 16,
      });
      let r = 0;
      const nextRandom = () => random[r++ % random.length];
      for (const [path, ops] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(ops)) {
          routes += 1;
          const realm = path.startsWith('/api/admin/') ? 'admin' : 'app';
          // fresh tokens per route: a fuzzed logout or logoff must not blind the rest of the pass
          const token = (await t.ctx.tokens.issue(realm, realm === 'admin' ? adminId : userId)).token;
          const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
          const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
          const cases: { body?: unknown; query?: Record<string, string>; url: string }[] = [];
          const fillPath = (v: unknown) =>
            path.replace(/\{[^}]+\}/g, () => encodeURIComponent(asQuery(v)).slice(0, 2000) || 'x');
          for (const v of [...HOSTILE.slice(0, 8), nextRandom()]) cases.push({ url: fillPath(v) });
          if (method === 'post' || method === 'put') {
            for (const b of WRONG_BODIES) cases.push({ url: fillPath(1), body: b });
            for (const p of props)
              for (const v of [...someHostile(), nextRandom(), nextRandom()])
                cases.push({ url: fillPath(1), body: { [p]: v } });
          }
          for (const q of queryNames)
            for (const v of [...HOSTILE, nextRandom()])
              cases.push({ url: fillPath(1), query: { [q]: asQuery(v) } });
          for (const c of cases)
            for (const auth of [undefined, token]) {
              requests += 1;
              const res = await t.app.inject({
                method: method.toUpperCase() as 'GET' | 'POST',
                url: c.url,
                query: c.query,
                headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
                payload: c.body === undefined ? undefined : JSON.stringify(c.body),
              });
              const where = `${method.toUpperCase()} ${c.url} ${JSON.stringify(c.body ?? c.query ?? '').slice(0, 80)}`;
              if (res.statusCode >= 500) faults.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
              // provider callbacks answer in the provider's format, and /dev/ holds the demo's tools
              const ownFormat = path.startsWith('/dev/') || (op.tags ?? []).includes('payment callbacks');
              if (!ownFormat && String(res.headers['content-type']).startsWith('application/json')) {
                let env: { code?: unknown; message?: unknown } = {};
                try {
                  env = res.json();
                } catch {
                  /* counted below */
                }
                if (typeof env.code !== 'number' || typeof env.message !== 'string' || !('data' in env))
                  notEnvelope.push(where);
              }
            }
        }
      const figures = `fuzz: ${routes} routes, ${requests} requests (${FULL ? 'full' : 'short'}), ${faults.length} server faults, ${notEnvelope.length} outside the envelope`;
      console.log(figures);
      // npm run reliability collects the figures here (its JSON reporter keeps no console output)
      if (process.env.RELIABILITY_FIGURES) fs.appendFileSync(process.env.RELIABILITY_FIGURES, `${figures}\n`);
      expect(routes).toBeGreaterThan(100);
      if (faults.length || notEnvelope.length)
        console.log(
          [...faults, ...new Set(notEnvelope.map((w) => w.split(' ').slice(0, 2).join(' ')))].join('\n'),
        );
      expect(faults.slice(0, 20)).toEqual([]);
      expect(notEnvelope.slice(0, 20)).toEqual([]);
    },
  );
});
