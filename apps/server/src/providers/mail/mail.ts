import type { Db } from '../../platform/db';

/** An image or file sent with a mail; `cid` makes it an inline image the HTML shows as `cid:<cid>`. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };
/** What a mail may carry beside its plain text. */
export type MailExtras = { html?: string; attachments?: MailAttachment[] };

/** Sends one e-mail: plain text, optionally with an HTML part and attachments. */
export interface MailSender {
  send(to: string, subject: string, text: string, extras?: MailExtras): Promise<void>;
}

/**
 * Writes the e-mail to the outbox table (readable at /dev/outbox) instead of sending it: its plain text,
 * which carries everything the HTML and images do. Demo only.
 */
export function createOutboxMailSender(db: Db): MailSender {
  return {
    async send(to, subject, text) {
      await db
        .insertInto('outbox')
        .values({ channel: 'email', recipient: to, subject, body: text, created_at: Date.now() })
        .execute();
    },
  };
}

export class MailUnavailableError extends Error {
  constructor() {
    super('no e-mail gateway is configured');
    this.name = 'MailUnavailableError';
  }
}

/**
 * Production without an e-mail gateway: refuses every send (the caller answers CODE_SEND_FAILED)
 * rather than keeping codes in a table nobody reads.
 */
export function createUnavailableMailSender(): MailSender {
  return {
    async send() {
      throw new MailUnavailableError();
    },
  };
}
