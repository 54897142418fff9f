import type { Db } from '../../platform/db';

/** Sends one plain-text e-mail. */
export interface MailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** Writes the e-mail to the outbox table (readable at /dev/outbox) instead of sending it. Demo only. */
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
