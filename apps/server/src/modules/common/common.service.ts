import { payWayCode, type Locale } from '@simshop/contracts';
import type { Config } from '../../config';
import type { RegisteredRoute } from '../../context';
import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { findParamData } from './common.repository';
import { payWayNames } from './common.messages';

/**
 * Uploads always go through this server's upload call, whichever store keeps them (platform/storage): the
 * app never writes to a cloud store itself, so the mode stays `local`.
 */
export const uploadMode = () => ({ mode: 'local' as const, type: 'local' });

/** A parameter's value; NOT_FOUND when no such key exists. */
export async function getParam(db: Db, key: string): Promise<string> {
  return (await findParamData(db, key)) ?? fail('NOT_FOUND');
}

/** Pay ways that need an outside provider's adapter (the payment channels). */
const CHANNEL_WAYS: readonly string[] = ['wechat', 'alipay', 'tappay', 'newebpay'];

/**
 * Every pay way the shop knows, named in the caller's language, enabled when the deployment offers it and,
 * for a payment channel, its adapter is configured (`channels`: the codes in ctx.providers.payments).
 */
export function listPayWays(config: Config, locale: Locale, channels: readonly string[] = CHANNEL_WAYS) {
  const enabled = new Set(config.payWays);
  return payWayCode.options.map((code) => ({
    code,
    name: payWayNames[locale][code],
    icon: null,
    enabled: enabled.has(code) && (!CHANNEL_WAYS.includes(code) || channels.includes(code)),
  }));
}

/** The app's endpoints (everything under /api/app), read from the routes as registered. */
export function listAppEndpoints(routes: RegisteredRoute[]) {
  return routes
    .filter((r) => r.url.startsWith('/api/app/'))
    .map((r) => ({ method: r.method, path: r.url, namespace: r.prefix.replace(/^\/api\//, '') }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
