import type { Db } from '../../platform/db';

/** Sends one plain-text e-mail. A real SMTP/API adapter implements this beside the outbox. */
export interface MailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** Writes the e-mail to the outbox table (readable at /dev/outbox) instead of sending it. */
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
