import { outboxQuery, outboxResponse, type OutboxMessage } from '@simshop/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { readOutbox } from './code.service';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function outboxPage(list: OutboxMessage[], to: string | undefined): string {
  const items = list
    .map(
      (m) => `<li>
  <div class="meta"><span class="ch">${m.channel === 'sms' ? 'SMS' : 'E-mail'}</span>
  <span>${escapeHtml(m.recipient)}</span><time datetime="${m.createdAt}">${m.createdAt.replace('T', ' ').slice(0, 19)} UTC</time></div>
  ${m.code ? `<div class="code" aria-label="code">${m.code}</div>` : ''}
  ${m.subject ? `<div class="subject">${escapeHtml(m.subject)}</div>` : ''}
  <p>${escapeHtml(m.body).replace(/\n/g, '<br>')}</p>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Demo outbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}
main{max-width:640px;margin:0 auto;padding:12px}
h1{font-size:20px;margin:8px 0}
form{display:flex;gap:8px;margin-bottom:12px}
input{flex:1;font:inherit;padding:8px;border:1px solid #bbb;border-radius:6px}
button{font:inherit;padding:8px 14px;border:0;border-radius:6px;background:#1668dc;color:#fff}
ul{list-style:none;padding:0;margin:0}
li{background:#fff;border-radius:8px;padding:12px;margin-bottom:10px;box-shadow:0 1px 2px #0001}
.meta{display:flex;flex-wrap:wrap;gap:8px;font-size:13px;color:#555}
.ch{background:#e6f0ff;color:#0b4cb3;border-radius:4px;padding:0 6px}
.code{font:700 28px/1.3 ui-monospace,monospace;letter-spacing:4px;margin:6px 0;user-select:all}
.subject{font-weight:600}
p{margin:4px 0 0;word-break:break-word}
</style></head>
<body><main>
<h1>Demo outbox</h1>
<p>SMS and e-mail that a real gateway would have delivered. This page refreshes every 5 seconds.</p>
<form method="get"><input name="to" aria-label="Recipient" placeholder="Phone or e-mail" value="${escapeHtml(to ?? '')}"><button>Filter</button></form>
${list.length ? `<ul>${items}</ul>` : '<p>No messages yet.</p>'}
</main></body></html>`;
}

/**
 * Demo only (never registered in production): the outbox as JSON for tests and scripts, and as a page a
 * person can read on a phone. Not under /api: it is a simulator, not part of the shop's API.
 */
export async function registerDevOutboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/outbox.json',
    { schema: { tags: ['dev'], querystring: outboxQuery, response: { 200: outboxResponse } } },
    async (req) => ({ list: await readOutbox(ctx, req.query.to) }),
  );
  r.get('/dev/outbox', { schema: { hide: true, querystring: outboxQuery } }, async (req, reply) => {
    const list = await readOutbox(ctx, req.query.to);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
      )
      .send(outboxPage(list, req.query.to));
  });
}
