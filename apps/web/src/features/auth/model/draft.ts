import type { PhoneValue } from './phone';

/**
 * What the person typed on a sign-in page, kept in sessionStorage across the round trip through the
 * captcha page (never the password or the code).
 */
export type Draft = { phone?: PhoneValue; agreement?: boolean; mode?: 'sms' | 'password' };

const key = (name: string) => `authDraft:${name}`;

export function readDraft(name: string): Draft {
  try {
    const raw = sessionStorage.getItem(key(name));
    return raw ? (JSON.parse(raw) as Draft) : {};
  } catch {
    return {};
  }
}

export function writeDraft(name: string, draft: Draft): void {
  try {
    sessionStorage.setItem(key(name), JSON.stringify(draft));
  } catch {
    // not kept: the person types the number again
  }
}

export function clearDraft(name: string): void {
  try {
    sessionStorage.removeItem(key(name));
  } catch {
    // nothing kept
  }
}
