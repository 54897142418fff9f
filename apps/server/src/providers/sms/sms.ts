import type { Db } from '../../platform/db';

/** Sends one text message to an E.164 number: the outbox in demo mode, Twilio in production. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * Writes the message to the outbox table instead of sending it: the demo's SMS gateway, readable at
 * /dev/outbox. Demo only: it keeps the text (and so the code) in plain, which production never does.
 */
export function createOutboxSmsSender(db: Db): SmsSender {
  return {
    async send(to, text) {
      await db
        .insertInto('outbox')
        .values({ channel: 'sms', recipient: to, subject: null, body: text, created_at: Date.now() })
        .execute();
    },
  };
}
