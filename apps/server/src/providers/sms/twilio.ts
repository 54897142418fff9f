import type { SmsSender } from './sms';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender; or a Messaging Service SID. */
  from?: string;
  messagingServiceSid?: string;
  /** https://api.twilio.com, or a local stand-in in tests. */
  apiBase: string;
  timeoutMs?: number;
};

export class SmsSendError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * Production SMS through Twilio's Messages REST API: a form-encoded POST to
 * `/2010-04-01/Accounts/{sid}/Messages.json` with basic auth (account SID and auth token). Any answer
 * other than 2xx, or no answer within the timeout, throws SmsSendError; nothing is stored here.
 */
export function createTwilioSmsSender(opts: TwilioOptions): SmsSender {
  const url = `${opts.apiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    async send(to, text) {
      const form = new URLSearchParams({ To: to, Body: text });
      if (opts.messagingServiceSid) form.set('MessagingServiceSid', opts.messagingServiceSid);
      else if (opts.from) form.set('From', opts.from);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsSendError(`sms gateway unreachable: ${(err as Error).message}`, 0);
      }
      if (res.status < 200 || res.status >= 300) {
        const body = await res.text().catch(() => '');
        throw new SmsSendError(`sms gateway answered ${res.status}: ${body.slice(0, 200)}`, res.status);
      }
    },
  };
}
