import type { Config } from './config';
import type { Db, Engine } from './platform/db';
import type { TokenService } from './platform/tokens';

/** What every module is built from; created once in buildApp. */
export type AppContext = {
  config: Config;
  db: Db;
  engine: Engine;
  tokens: TokenService;
};
