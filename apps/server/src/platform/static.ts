import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { resolveLocale, type Locale } from '@simshop/contracts';
import type { Config } from '../config';
import { compressOptions } from './compression';
import type { FileStore } from './storage';
import { UPLOAD_KEY_PATTERN, UPLOAD_URL_PREFIX } from './upload';

const YEAR_S = 365 * 24 * 60 * 60;
/** Where the operator console (apps/admin, built with base `/admin/`) is served. */
export const ADMIN_PREFIX = '/admin';
/** The spec's shop path for the console (`/pages/index/admin`): it leads to the console. */
export const SHOP_ADMIN_PATH = '/pages/index/admin';
export const IMMUTABLE = `public, max-age=${YEAR_S}, immutable`;
/** Uploaded files are user content: never run as a page, never sniffed into something else. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** Paths the web app never answers: the history fallback leaves them to their own routes or the 404 envelope. */
const NOT_WEB = ['/api', '/uploads', '/dev', '/sim', ADMIN_PREFIX];
const isReserved = (p: string) => NOT_WEB.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));

/** The type an upload is served as, from its key's extension (the file was sniffed as that kind when stored). */
const UPLOAD_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * Serves `/uploads/<yyyy-mm>/<random>.<ext>` from the public side of the file store (this disk or the shared
 * S3 bucket: an upload made through any instance is served by every other) with safe headers. Only upload
 * keys are ever looked up, and only on the public side: private files (transfer proofs) are never reachable
 * here. Keys are random and never rewritten, so the key is the ETag and the answer is immutable.
 */
async function registerUploads(app: FastifyInstance, files: FileStore) {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOAD_URL_PREFIX}*`,
    schema: { hide: true },
    handler: async (req, reply) => {
      const key = (req.params as { '*'?: string })['*'] ?? '';
      if (!UPLOAD_KEY_PATTERN.test(key)) return reply.callNotFound();
      const etag = `"${key.replace(/[^A-Za-z0-9_.-]/g, '_')}"`;
      const file = await files.get('public', key);
      if (!file) return reply.callNotFound();
      reply
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', UPLOAD_CSP)
        .header('Content-Disposition', key.endsWith('.pdf') ? 'attachment' : 'inline')
        .header('Cache-Control', IMMUTABLE)
        .header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(UPLOAD_TYPES[key.slice(key.lastIndexOf('.') + 1)]!).send(file.data);
    },
  });
}

/** A file of the built web app for a URL path, or null (missing, a directory, a dotfile, or outside the root). */
function webFileOf(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = path.posix.normalize(decoded);
  if (rel.split('/').some((seg) => seg.startsWith('.'))) return null;
  const full = path.join(root, rel);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? rel : null;
  } catch {
    return null;
  }
}

const acceptsHtml = (req: FastifyRequest) => String(req.headers.accept ?? '').includes('text/html');

/** One API answer a page's first screen needs, exactly as the app would ask for it. */
export type FirstScreenCall = {
  /** `<METHOD> <path without /api/>`, e.g. `GET app/goods/home`. */
  call: string;
  /** The request body or query the app sends (null for none). */
  input: unknown;
  /** The answer's envelope, as JSON text (the API's own cached answer). */
  json: string;
};
/** What a page's first screen needs from the server, and the picture of its largest paint. */
export type FirstScreen = { calls: FirstScreenCall[]; image: string | null; head?: PageHead };
/** What a page says of itself to search engines (issue 27: the desktop landing page): title, description, JSON-LD. */
export type PageHead = { title: string; description: string; jsonLd?: unknown };
/** Works out a page's first screen (`page`: its canonical path) in a language; null when it has none. */
export type FirstScreenSource = (
  page: string,
  query: URLSearchParams,
  locale: Locale,
) => Promise<FirstScreen | null>;

/** The id of the data block the app seeds its query cache from (apps/web lib/first-screen). */
export const FIRST_SCREEN_ID = 'simshop-first-screen';

/** `/`, `/x/` -> the canonical page path (the app's routes.canonicalPath). */
const HOME_PAGE = '/pages/index/home';
const canonicalPage = (p: string) => {
  const t = p.length > 1 ? p.replace(/\/+$/, '') : p;
  return t === '/' || t === '' ? HOME_PAGE : t;
};

/**
 * The language the app will start in when it has no saved choice: the browser's first language
 * (`navigator.language` is the first tag of Accept-Language), resolved as the app does.
 */
export const localeOfAcceptLanguage = (header: string | undefined): Locale =>
  resolveLocale(header?.split(',')[0]?.split(';')[0]?.trim() || null);

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The build's chunk lists (`first-load.json`, written beside locale-preload.js by apps/web's vite config). */
export type FirstLoad = {
  locales: Record<string, string>;
  pages: Record<string, { js: string[]; css: string[] }>;
};

/** The code and styles a page needs first, and its language's translations: named in its head. */
export function firstLoadAssets(build: FirstLoad | null, page: string, locale: Locale) {
  const own = build?.pages[page];
  const lang = build?.locales[locale];
  return { js: [...(own?.js ?? []), ...(lang ? [lang] : [])], css: own?.css ?? [] };
}

/**
 * index.html with the first screen written in (issue 12: the largest paint waited for the app's code, then its
 * data calls, then the picture): in the head, the page's own chunks and styles and its language's translations
 * (otherwise only asked for once locale-preload.js has run) and a preload of the largest picture; the data as
 * a JSON block the browser never runs (`type="application/json"`: the CSP stays `script-src 'self'`). `<` is
 * escaped in the JSON so no text of the data can close the block.
 */
export function injectFirstScreen(
  html: string,
  screen: FirstScreen,
  locale: Locale,
  servedAt: number,
  assets: { js: string[]; css: string[] } = { js: [], css: [] },
): string {
  const calls = screen.calls
    .map(
      (c) => `{"call":${JSON.stringify(c.call)},"input":${JSON.stringify(c.input ?? null)},"body":${c.json}}`,
    )
    .join(',');
  const data = `{"lang":${JSON.stringify(locale)},"servedAt":${servedAt},"calls":[${calls}]}`.replace(
    /</g,
    '\\u003c',
  );
  const block = `<script type="application/json" id="${FIRST_SCREEN_ID}">${data}</script>`;
  const head = [
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    ...assets.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`),
    ...(screen.image
      ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(screen.image)}">`]
      : []),
  ].join('');
  return withPageHead(html, screen.head)
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', `<div id="root"></div>${block}`);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The page's own title, description and structured data in its head (the shell's title replaced). */
function withPageHead(html: string, head: PageHead | undefined): string {
  if (!head) return html;
  const ld =
    head.jsonLd === undefined
      ? ''
      : `<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(head.title)}</title>`)
    .replace('</head>', `<meta name="description" content="${escapeAttr(head.description)}">${ld}</head>`);
}

/** A file of the build, read again only when it changes (a new build under a running server); null when absent. */
function buildFileReader(file: string) {
  let cached: { mtimeMs: number; text: string } | null = null;
  return (): string | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: fs.readFileSync(file, 'utf8') };
    return cached.text;
  };
}

/**
 * Serves the built web app at `/`: hashed `/assets/*` cached for a year, everything else revalidated, and
 * index.html for any other page a browser asks for (history routing), with the page's first screen written in
 * when `firstScreen` knows it. API, uploads, dev and simulator paths are never answered with the page.
 */
async function registerWebApp(app: FastifyInstance, root: string, firstScreen?: FirstScreenSource) {
  // the build writes `.br` and `.gz` beside each text file (apps/web vite.config precompress): sent as they are
  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
  });
  const sendWeb = (reply: FastifyReply, rel: string) =>
    reply
      .header('Cache-Control', rel.startsWith('/assets/') ? IMMUTABLE : 'no-cache')
      // which of the file's encodings was sent depends on the request's Accept-Encoding (caches must know)
      .header('Vary', 'Accept-Encoding')
      .sendFile(rel, root, { cacheControl: false });
  const shell = buildFileReader(path.join(root, 'index.html'));
  const firstLoadText = buildFileReader(path.join(root, 'first-load.json'));
  const firstLoad = (): FirstLoad | null => {
    const text = firstLoadText();
    try {
      return text ? (JSON.parse(text) as FirstLoad) : null;
    } catch {
      return null; // a build being written: the page still works without it
    }
  };

  /** The page with its first screen; the plain file when there is none or it cannot be worked out. */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, urlPath: string, query: string) => {
    if (!firstScreen) return sendWeb(reply, '/index.html');
    const locale = localeOfAcceptLanguage(req.headers['accept-language']);
    const page = canonicalPage(urlPath);
    let screen: FirstScreen | null = null;
    try {
      screen = await firstScreen(page, new URLSearchParams(query), locale);
    } catch (err) {
      // the app asks for its data itself: a page without it is slower, never broken
      req.log.warn({ err, page: urlPath }, 'first screen not written into the page');
    }
    const html = shell();
    if (!screen || html === null) return sendWeb(reply, '/index.html');
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(injectFirstScreen(html, screen, locale, Date.now(), firstLoadAssets(firstLoad(), page, locale)));
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: (req, reply) => {
      const [urlPath = '', query = ''] = req.url.split('?');
      if (isReserved(urlPath)) return reply.callNotFound();
      const file = webFileOf(root, urlPath);
      if (file) return sendWeb(reply, file);
      if (urlPath.startsWith('/assets/') || !acceptsHtml(req)) return reply.callNotFound();
      return sendPage(req, reply, urlPath, query);
    },
  });
}

/**
 * The console's Content-Security-Policy: scripts only from this origin (the Vite build has no inline script);
 * inline styles for antd's CSS-in-JS; images also as data: URLs (captcha) and https; API calls and the chat
 * socket to this origin only; no frames, no forms elsewhere, plugins only for the console's own blob: PDFs
 * (transfer proofs). Stricter than the shop's (no payment SDK).
 */
export function adminContentSecurityPolicy(config: Config): string {
  const origin = new URL(config.publicUrl).origin;
  const wsOrigin = origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${origin} ${wsOrigin}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    // a transfer proof PDF opens in a tab from a blob: URL the console made (inheriting this policy);
    // Chrome's PDF viewer is a plugin, so only blob: plugin data, nothing from elsewhere
    'object-src blob:',
    "form-action 'self'",
    "worker-src 'self' blob:",
    ...(origin.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Serves the built operator console at `/admin/` (hashed assets for a year, index.html for any console page a
 * browser asks for), with the console's CSP; `/admin` and the shop's `/pages/index/admin` lead to it.
 */
async function registerAdminApp(app: FastifyInstance, root: string, config: Config, decorate: boolean) {
  // reply.sendFile comes from the one @fastify/static registration that decorates (the web app's, when built)
  await app.register(fastifyStatic, {
    root,
    serve: false,
    decorateReply: decorate,
    cacheControl: false,
    dotfiles: 'ignore',
  });
  const csp = adminContentSecurityPolicy(config);
  const sendAdmin = (reply: FastifyReply, rel: string) =>
    reply
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', rel.startsWith('/assets/') ? IMMUTABLE : 'no-cache')
      .header('X-Robots-Tag', 'noindex')
      .sendFile(rel, root, { cacheControl: false });
  for (const from of [ADMIN_PREFIX, SHOP_ADMIN_PATH])
    app.route({
      method: ['GET', 'HEAD'],
      url: from,
      schema: { hide: true },
      handler: (_req, reply) => reply.redirect(`${ADMIN_PREFIX}/`, 302),
    });
  app.route({
    method: ['GET', 'HEAD'],
    url: `${ADMIN_PREFIX}/*`,
    schema: { hide: true },
    handler: (req, reply) => {
      const [urlPath = ''] = req.url.split('?');
      const rest = urlPath.slice(ADMIN_PREFIX.length) || '/';
      const file = rest === '/' ? null : webFileOf(root, rest);
      if (file) return sendAdmin(reply, file);
      if (rest.startsWith('/assets/') || !acceptsHtml(req)) return reply.callNotFound();
      return sendAdmin(reply, '/index.html');
    },
  });
}

/**
 * Registers static serving: uploads always; the web app when `config.webDist` holds a build (its pages with
 * their first screen from `firstScreen`), the operator console when `config.adminDist` does (else API only).
 * In a context of their own, with @fastify/compress: files are sent as streams, which it compresses, and its
 * hooks run on these routes only. Every answer built in memory, the API's included, is compressed by
 * `installAnswerCompression`; registered for every route, the plugin's hooks cost each API call 3-6% of its
 * throughput (issue 14).
 */
export async function registerStatic(
  app: FastifyInstance,
  config: Config,
  store: FileStore,
  firstScreen?: FirstScreenSource,
) {
  await app.register(async (files) => {
    await files.register(compress, compressOptions);
    await registerFiles(files, config, store, firstScreen);
  });
}

async function registerFiles(
  app: FastifyInstance,
  config: Config,
  store: FileStore,
  firstScreen?: FirstScreenSource,
) {
  await registerUploads(app, store);
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (fs.existsSync(path.join(config.adminDist, 'index.html'))) {
    await registerAdminApp(app, fs.realpathSync(config.adminDist), config, !hasWeb);
  } else {
    app.log.info({ adminDist: config.adminDist }, 'no console build found: /admin is not served');
  }
  if (hasWeb) {
    await registerWebApp(app, fs.realpathSync(config.webDist), firstScreen);
  } else {
    app.log.info({ webDist: config.webDist }, 'no web build found: serving the API only');
  }
}
