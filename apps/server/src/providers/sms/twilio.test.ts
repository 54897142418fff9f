import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioSmsSender, SmsSendError } from './twilio';

type Seen = { method?: string; url?: string; auth?: string; type?: string; body: string };
let server: http.Server;
let base: string;
const seen: Seen[] = [];
let answer = { status: 201, body: '{"sid":"SM1","status":"queued"}' };

/** A stand-in for api.twilio.com on 127.0.0.1 that records each request and answers `answer`. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Twilio SMS adapter', () => {
  it('posts the message form-encoded to the account Messages resource with basic auth', async () => {
    const sms = createTwilioSmsSender({
      accountSid: 'AC123',
      authToken: 'tok',
      from: '+15005550006',
      apiBase: `${base}/`,
    });
    await sms.send('+886912345678', '【SimShop】您的验证码为 123456');
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(req.auth).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(req.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      To: '+886912345678',
      Body: '【SimShop】您的验证码为 123456',
      From: '+15005550006',
    });
  });

  it('sends through a messaging service when one is configured', async () => {
    const sms = createTwilioSmsSender({
      accountSid: 'AC123',
      authToken: 'tok',
      messagingServiceSid: 'MG9',
      apiBase: base,
    });
    await sms.send('+15551234567', 'hi');
    expect(new URLSearchParams(seen.at(-1)!.body).get('MessagingServiceSid')).toBe('MG9');
    expect(new URLSearchParams(seen.at(-1)!.body).has('From')).toBe(false);
  });

  it('throws on an error answer and on an unreachable gateway', async () => {
    answer = { status: 400, body: '{"code":21211,"message":"invalid To"}' };
    const sms = createTwilioSmsSender({ accountSid: 'AC1', authToken: 't', from: '+1', apiBase: base });
    await expect(sms.send('+1', 'x')).rejects.toMatchObject({ name: 'SmsSendError', status: 400 });
    answer = { status: 201, body: '{}' };
    const down = createTwilioSmsSender({
      accountSid: 'AC1',
      authToken: 't',
      from: '+1',
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(down.send('+1', 'x')).rejects.toBeInstanceOf(SmsSendError);
  });
});
