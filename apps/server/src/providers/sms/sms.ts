import type { Db } from '../../platform/db';

/** Sends one text message to an E.164 number. A real gateway adapter implements this beside the outbox. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * Writes the message to the outbox table instead of sending it: the demo's SMS gateway, readable at
 * /dev/outbox. Also used in production until a real gateway adapter exists.
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
