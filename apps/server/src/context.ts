import type { Config } from './config';
import type { Db, Engine } from './platform/db';
import type { TokenService } from './platform/tokens';
import type { Providers } from './providers';

/** What every module is built from; created once in buildApp. */
export type AppContext = {
  config: Config;
  db: Db;
  engine: Engine;
  tokens: TokenService;
  /** SMS, e-mail and WeChat adapters (demo: outbox and simulators), from buildProviders. */
  providers: Providers;
  /** Every route as registered (filled by an onRoute hook in buildApp; complete once the app is ready). */
  routes: RegisteredRoute[];
};

export type RegisteredRoute = {
  method: string;
  url: string;
  /** The module prefix, e.g. `/api/app/user/info`. */
  prefix: string;
  schema?: Record<string, unknown>;
};
