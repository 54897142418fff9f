import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { IMMUTABLE } from '../../platform/static';
import { flagSvg } from './catalogue.artwork';
import { CATALOGUE_STATIC_PREFIX, isKnownDestination } from './catalogue.destinations';

/** Our pictures are SVG: never run as a page (no scripts, nothing loaded from elsewhere), never sniffed. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const FILE = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/;
const MAX_MEMO = 2_000;

/**
 * Serves the generated catalogue pictures at /static/catalogue/<name>.svg from `<dataDir>/catalogue`, cached a year
 * (URLs carry the artwork version). A flag the seed did not write (a destination an operator added later) is drawn
 * on demand, so every destination has a picture.
 */
export async function registerCatalogueStatic(app: FastifyInstance, ctx: AppContext) {
  const dir = path.join(ctx.config.dataDir, 'catalogue');
  const memo = new Map<string, string>();
  const load = async (file: string): Promise<string | null> => {
    const hit = memo.get(file);
    if (hit) return hit;
    let body = await fs.readFile(path.join(dir, file), 'utf8').catch(() => null);
    const flag = /^flag-([a-z]{2,8})\.svg$/.exec(file)?.[1];
    if (body === null && flag && isKnownDestination(flag.toUpperCase())) body = flagSvg(flag);
    if (body !== null && memo.size < MAX_MEMO) memo.set(file, body);
    return body;
  };
  app.get<{ Params: { file: string } }>(
    `${CATALOGUE_STATIC_PREFIX}:file`,
    { schema: { hide: true } },
    async (req, reply) => {
      const file = req.params.file;
      const body = FILE.test(file) ? await load(file) : null;
      if (body === null) return reply.callNotFound();
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', IMMUTABLE)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', SVG_CSP)
        .send(body);
    },
  );
}
