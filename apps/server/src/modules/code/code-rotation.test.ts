import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newPhone, requestSmsCode } from './code.fixtures';
import { consumeCode } from '.';

/**
 * Rotating APP_SECRET without downtime: the instances restarted with APP_SECRET=new and
 * APP_SECRET_PREVIOUS=old still accept what old made (a code sent a minute ago), and drop it once the
 * previous secret is removed at the end of the rotation.
 */
const OLD = 'old-secret-0123456789abcdef0123456789';
const NEW = 'new-secret-0123456789abcdef0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_SECRET: OLD, CAPTCHA_TEST_MODE: '1' } });
});
afterAll(async () => t?.close());

describe('verification codes across a secret rotation', () => {
  it('a code hashed under the old secret verifies while it is still the previous one, not after', async () => {
    const a = newPhone();
    const b = newPhone();
    const sentA = await requestSmsCode(t, a.national);
    const sentB = await requestSmsCode(t, b.national);
    expect(sentA.code).toMatch(/^\d+$/);
    // the rotation: restarted with the new secret, the old one kept as previous
    t.ctx.config.secret = NEW;
    t.ctx.config.previousSecrets = [OLD];
    await expect(
      consumeCode(t.ctx, { channel: 'sms', target: a.e164, purpose: 'login', code: String(sentA.code) }),
    ).resolves.toBeUndefined();
    // the rotation ends: the previous secret is dropped
    t.ctx.config.previousSecrets = [];
    await expect(
      consumeCode(t.ctx, { channel: 'sms', target: b.e164, purpose: 'login', code: String(sentB.code) }),
    ).rejects.toMatchObject({ codeName: 'CODE_INVALID' });
  });
});
