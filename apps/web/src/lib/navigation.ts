/** Navigation from outside React (session, request client). The router installs the real one. */
export type NavigateOptions = { replace?: boolean };
type NavigateFn = (to: string, options?: NavigateOptions) => void;

let impl: NavigateFn = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function navigate(to: string, options?: NavigateOptions): void {
  impl(to, options);
}

export function setNavigator(fn: NavigateFn): void {
  impl = fn;
}

export const LOGIN_PATH = '/pages/user/login';
export const HOME_PATH = '/';

/** True on the login page (where a 401 is a wrong password, not an expired session). */
export function isOnLoginPage(): boolean {
  return window.location.pathname === LOGIN_PATH;
}

/** Login URL that brings the visitor back to `from` afterwards. */
export function loginUrl(from?: string): string {
  return from && from !== HOME_PATH ? `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}` : LOGIN_PATH;
}

/** A safe in-app path from the login page's `redirect` query, else home. Refuses other sites and the login page itself. */
export function redirectTarget(search: string = window.location.search): string {
  const r = new URLSearchParams(search).get('redirect');
  if (!r || !r.startsWith('/') || r.startsWith('//') || r.startsWith('/\\')) return HOME_PATH;
  if (r === LOGIN_PATH || r.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return r;
}

/** Reloads the app (a failed lazy page; also picks up a new deployment's files). */
export function reloadApp(): void {
  window.location.reload();
}
