import type { Config } from '../config';
import { pendingProviderRefunds, type RefundGateway } from './refunds/refund.gateway';

/**
 * Every adapter to the outside world, built from config in one place and handed to services through the app
 * context (`ctx.providers`). Tests swap them: `buildApp(config, dbh, { refunds: fake })`.
 */
export type Providers = { refunds: RefundGateway };

export function buildProviders(config: Config): Providers {
  void config; // the payments issue picks each pay way's refund path from config
  return { refunds: pendingProviderRefunds };
}
