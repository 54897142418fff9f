// Refine's auth provider: operator sign-in (failure counting, captcha and lockout are the server's; the
// sign-in page asks for the captcha when the server says so), sign-out, the signed-in operator and its areas.
import type { AuthProvider } from '@refinedev/core';
import { ErrorCode } from '@simshop/contracts';
import { areasOf, type Area, type Person } from './access';
import { ApiError, request } from './request';
import { session, type Tokens } from './session';

export type LoginInput = { username: string; password: string; captchaId?: string; captchaAnswer?: number };

let person: Promise<Person> | null = null;

/** The signed-in operator (admin/base/comm/person), fetched once per session. */
export function currentPerson(): Promise<Person> {
  person ??= request<Person>({ url: 'admin/base/comm/person' }).catch((err: unknown) => {
    person = null;
    throw err;
  });
  return person;
}
export const forgetPerson = () => {
  person = null;
};

export async function currentAreas(): Promise<Area[]> {
  if (!session.token()) return [];
  return areasOf(await currentPerson());
}

/** Error names the sign-in page reacts to. */
export const CAPTCHA_NEEDED = 'captcha';
export const LOCKED = 'locked';

export const authProvider: AuthProvider = {
  async login(input: LoginInput) {
    try {
      const tokens = await request<Tokens>({
        url: 'admin/base/open/login',
        method: 'POST',
        data: input,
        auth: false,
      });
      session.set(tokens);
      forgetPerson();
      return { success: true, redirectTo: '/' };
    } catch (err) {
      const e = err as ApiError;
      const name =
        e.code === ErrorCode.CAPTCHA_REQUIRED || e.code === ErrorCode.CAPTCHA_INVALID
          ? CAPTCHA_NEEDED
          : e.code === ErrorCode.LOGIN_LOCKED
            ? LOCKED
            : 'login';
      return { success: false, error: { name, message: e.message } };
    }
  },
  async logout() {
    try {
      if (session.token()) await request({ url: 'admin/base/comm/logout', method: 'POST' });
    } catch {
      /* the session ends here whatever the server says */
    }
    session.clear();
    forgetPerson();
    return { success: true, redirectTo: '/login' };
  },
  async check() {
    return session.token() ? { authenticated: true } : { authenticated: false, redirectTo: '/login' };
  },
  async getIdentity() {
    return session.token() ? currentPerson() : null;
  },
  async getPermissions() {
    return currentAreas();
  },
  async onError(error: unknown) {
    const status = (error as ApiError)?.statusCode;
    if (status === 401) return { logout: true, redirectTo: '/login' };
    return { error: error as Error };
  },
};
