import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('version check', () => {
  it('tells an older build that 1.0.0 (code 100) is available', async () => {
    const res = await call(t.app, 'GET', 'app/app/version/check', { query: { code: '99' } });
    expect(res.code).toBe(1000);
    expect(res.data.hasUpdate).toBe(true);
    expect(res.data.latest).toMatchObject({ version: '1.0.0', code: 100 });
  });
  it('tells the current build there is nothing newer', async () => {
    const res = await call(t.app, 'GET', 'app/app/version/check', { query: { code: '100' } });
    expect(res.data.hasUpdate).toBe(false);
  });
  it('rejects a non-numeric code with a clear message in the caller language', async () => {
    const res = await call(t.app, 'GET', 'app/app/version/check', { query: { code: 'abc' }, language: 'fr' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1001);
    expect(res.message).toMatch(/^Code : /);
  });
  it('answers an unknown route with 404 in the envelope', async () => {
    const res = await call(t.app, 'GET', 'app/nope');
    expect(res.status).toBe(404);
    expect(res.code).toBe(1002);
  });
});
