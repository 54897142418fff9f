import QRCode from 'qrcode';
import { resolveLocale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { enqueueJob } from '../../jobs/runner';
import type { MailAttachment } from '../../providers/mail/mail';
import { verifiedMailOf } from '../user-info';
import { openActivation } from './simcard.crypto';
import { esimCardsOfLine, findDelivery } from './simcard.repository';
import { esimMailTexts } from './simcard-mail.messages';

/**
 * The eSIM beyond the app (issue 27): once a line's eSIMs are bound, one e-mail to the buyer's verified
 * address with, per card, its QR code (PNG, inline), the iOS one-tap install link and the `LPA:1$...`
 * code. A retried job enqueued in the transaction that bound the cards (one per delivery, by key); the
 * payload names the delivery only, so no code sits in the job table or a job log. No verified address, a
 * closed account, or cards taken back meanwhile (a refund before the job ran): nothing is sent.
 */
export const ESIM_MAIL_JOB = 'simcard.esim_mail';
export type EsimMailJob = { deliveryId: number };
export const ESIM_MAIL_MAX_ATTEMPTS = 6;

/** Puts a delivered line's e-mail on the job, inside the transaction that bound its cards. */
export const enqueueEsimMail = (trx: Db, deliveryId: number, at: number) =>
  enqueueJob(trx, ESIM_MAIL_JOB, { deliveryId } satisfies EsimMailJob, {
    key: `${ESIM_MAIL_JOB}:${deliveryId}`,
    at,
  });

/** The QR as the shop shows it (byte mode, error correction M, quiet zone of 4), PNG of 300 px. */
export const activationQrPng = (activationCode: string) =>
  QRCode.toBuffer([{ data: Buffer.from(activationCode, 'utf8'), mode: 'byte' }], {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 300,
  });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One run of the job: throws (to be retried) when the gateway fails. Returns whether a mail went out. */
export async function sendEsimMail(ctx: AppContext, deliveryId: number): Promise<boolean> {
  const d = await findDelivery(ctx.db, deliveryId);
  if (!d || d.kind !== 'esim' || d.state !== 'delivered') return false;
  const to = await verifiedMailOf(ctx, Number(d.user_id));
  if (!to) return false;
  const cards = await esimCardsOfLine(ctx.db, Number(d.order_line_id));
  const opened = cards.flatMap((c) => {
    const a = openActivation(ctx.config.secret, c.iccid, c.activation_enc);
    return a ? [{ card: c, a }] : [];
  });
  if (opened.length === 0) return false;
  const plan = opened[0]!.card.plan_name;
  const t = esimMailTexts(resolveLocale(to.language), plan);
  const attachments: MailAttachment[] = [];
  const text: string[] = [t.intro, ''];
  const html: string[] = [`<p>${escapeHtml(t.intro)}</p>`];
  for (const [i, { card, a }] of opened.entries()) {
    const cid = `esim-${i + 1}@simshop`;
    attachments.push({
      filename: `esim-${card.iccid}.png`,
      content: await activationQrPng(a.activationCode),
      contentType: 'image/png',
      cid,
    });
    text.push(`ICCID ${card.iccid}`, t.scan, t.iphone, a.appleInstallUrl, t.manual, a.activationCode, '');
    html.push(
      `<h3>ICCID ${escapeHtml(card.iccid)}</h3>`,
      `<p>${escapeHtml(t.scan)}</p>`,
      `<p><img src="cid:${cid}" width="300" height="300" alt="QR"></p>`,
      `<p>${escapeHtml(t.iphone)}<br><a href="${escapeHtml(a.appleInstallUrl)}">${escapeHtml(a.appleInstallUrl)}</a></p>`,
      `<p>${escapeHtml(t.manual)}<br><code>${escapeHtml(a.activationCode)}</code></p>`,
    );
  }
  text.push(t.keep);
  html.push(`<p><small>${escapeHtml(t.keep)}</small></p>`);
  await ctx.providers.mail.send(to.email, t.subject, text.join('\n'), {
    html: `<!doctype html><html><body>${html.join('\n')}</body></html>`,
    attachments,
  });
  return true;
}
