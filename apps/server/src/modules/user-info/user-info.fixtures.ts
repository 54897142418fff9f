import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import { ageCodes, requestSmsCode } from '../code/code.fixtures';

/** Asks for a code to `phone` through the API (captcha solved) and returns it from the outbox. */
export async function codeFor(t: TestApp, phone: string, purpose: string) {
  await ageCodes(t, phone, 61_000); // step past the resend interval of an earlier test's code
  const { res, code } = await requestSmsCode(t, phone, purpose);
  expect(res.code).toBe(1000);
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

/** A code that is not `code` (one more, six digits). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
