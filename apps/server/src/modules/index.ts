import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { mountModules } from '../platform/router';
import { versionRoutes } from './version/version.routes';

/** Every API module, in one list. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await mountModules(app, ctx, [versionRoutes]);
}
