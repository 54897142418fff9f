import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/harness';
import { DEMO_OPERATORS } from './admin';

/** The demo's operators: one per console role, each signing in with the password the README gives. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const as = (token: string) => ({
  get: (url: string, query?: Record<string, string>) => call(t.app, 'GET', url, { token, query }),
});

describe('demo operators', () => {
  it('signs in as each role with its documented password and gets its menu', async () => {
    for (const op of DEMO_OPERATORS) {
      const login = await call(t.app, 'POST', 'admin/base/open/login', {
        body: { username: op.username, password: op.password },
      });
      expect(login.code, op.username).toBe(1000);
      const me = await as(login.data.token).get('admin/base/comm/person');
      expect(me.data.role).toBe(op.role);
      expect(me.data.permissions).toContain('dashboard');
      expect(me.data.permissions.includes('operators')).toBe(op.role === 'owner');
      expect(me.data.permissions.includes('catalogue')).toBe(['owner', 'catalogue'].includes(op.role));
      expect(me.data.permissions.includes('care')).toBe(['owner', 'support'].includes(op.role));
    }
  });
});
