import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';
import type { MailSender } from './mail';

/**
 * E-mail over SMTP with nodemailer: STARTTLS required on `starttls` (a server that does not offer it is
 * refused rather than sent to in clear), TLS from the first byte on `implicit`; `none` only outside
 * production (config refuses it there). One transport per app, a connection per message; nodemailer's own logger stays off,
 * so no message body (an activation code, a sign-in code) reaches a log.
 */
export function createSmtpMailSender(config: MailConfig): MailSender {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.tls === 'implicit',
    requireTLS: config.tls === 'starttls',
    ignoreTLS: config.tls === 'none',
    auth: config.auth,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: false,
    debug: false,
  });
  return {
    async send(to, subject, text, extras) {
      await transport.sendMail({
        from: config.from,
        to,
        subject,
        text,
        html: extras?.html,
        attachments: extras?.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
          cid: a.cid,
        })),
      });
    },
  };
}
