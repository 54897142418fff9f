import jsQR from 'jsqr';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { hashPassword } from '../../platform/password';
import { call, createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { solveCaptcha } from '../code/code.fixtures';
import { fakeChannel, paidBody, postCallback } from '../payment/payment.fixtures';
import { openActivation } from './simcard.crypto';
import { drainJobs, orderAndAttempt, partnerGoods, partnerRig, type PartnerRig } from './simcard.fixtures';

// The eSIM by e-mail (issue 27): a real SMTP server on loopback receives what the shop's nodemailer
// transport (built from SMTP_* config) sends; the QR image in the mail decodes to the stored code.

let t: TestApp;
let rig: PartnerRig;
let smtp: SMTPServer;
const inbox: ParsedMail[] = [];
const logins: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === 'shop' && auth.password === 'smtp-pass') cb(null, { user: 'shop' });
      else cb(new Error('bad credentials'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream, { keepCidLinks: true })
        .then((m) => {
          inbox.push(m);
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const port = (smtp.server.address() as { port: number }).port;
  rig = await partnerRig();
  t = await createTestApp({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_TLS: 'none',
      SMTP_USER: 'shop',
      SMTP_PASSWORD: 'smtp-pass',
      MAIL_FROM: 'SimShop <esim@shop.example>',
    },
    providers: { payments: { wechat: fakeChannel('wechat').ch }, planPartner: rig.partner },
  });
  rig.bind(() => t);
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
  await new Promise<void>((ok) => smtp.close(ok));
});

async function buyEsim(email: string | null, language: string | null) {
  const buyer = await createUser(t.ctx);
  await t.ctx.db.updateTable('user').set({ email, language }).where('id', '=', buyer.id).execute();
  const g = await partnerGoods(t, 'JP-5GB-7D');
  const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
  await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
  await drainJobs(t);
  return { buyer, orderId: id };
}

const qrOf = (png: Buffer) => {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
};

describe('eSIM delivery e-mail', () => {
  it('reaches the verified address with a QR decoding to the stored code and the iOS link', async () => {
    const { orderId } = await buyEsim('mei@example.tw', 'zh-Hant');
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const stored = openActivation(t.config.secret, card.iccid, card.activation_enc)!;
    expect(stored.activationCode).toMatch(/^LPA:1\$/);
    const mails = inbox.filter((m) => m.text?.includes(card.iccid));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(logins).toContain('shop:smtp-pass');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('mei@example.tw');
    expect(mail.from?.text).toContain('esim@shop.example');
    expect(mail.subject).toBe(`您的 eSIM 已備妥：${card.plan_name}`);
    expect(mail.text).toContain(stored.appleInstallUrl);
    expect(mail.text).toContain(stored.activationCode);
    expect(mail.html).toContain('cid:esim-1@simshop');
    const png = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(png?.cid).toBe('esim-1@simshop');
    expect(qrOf(png!.content)).toBe(stored.activationCode);
    // the job's payload names the delivery only: no code in the job table
    const jobs = await t.ctx.db
      .selectFrom('job')
      .select('payload')
      .where('kind', '=', 'simcard.esim_mail')
      .execute();
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(j.payload).not.toContain('LPA:');
  });

  it('sends nothing without a verified address, once per delivery however often the job is seen', async () => {
    const before = inbox.length;
    const { orderId } = await buyEsim(null, 'en');
    await drainJobs(t);
    expect(inbox.length).toBe(before);
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .select('iccid')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    // the buyer's card is there all the same, in the app
    expect(card.iccid).toMatch(/^\d{19,20}$/);
    // a repeated partner notification for a delivered line enqueues no second mail
    const keyed = await t.ctx.db
      .selectFrom('job')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('kind', '=', 'simcard.esim_mail')
      .executeTakeFirstOrThrow();
    const delivered = await t.ctx.db
      .selectFrom('sim_delivery')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('kind', '=', 'esim')
      .where('state', '=', 'delivered')
      .executeTakeFirstOrThrow();
    expect(Number(keyed.n)).toBe(Number(delivered.n));
  });

  it('an English buyer reads it in English; the mail is a retried job that survives a gateway outage', async () => {
    const before = inbox.length;
    // SMTP answering nothing: the first attempt fails and is retried later, not lost
    const real = t.ctx.providers.mail;
    let failures = 0;
    t.ctx.providers.mail = {
      send: async () => {
        failures += 1;
        throw new Error('connect ECONNREFUSED');
      },
    };
    const { orderId } = await buyEsim('traveller@example.com', 'en');
    expect(failures).toBe(1);
    expect(inbox.length).toBe(before);
    t.ctx.providers.mail = real;
    const job = await t.ctx.db
      .selectFrom('job')
      .select(['id', 'state', 'attempts'])
      .where('kind', '=', 'simcard.esim_mail')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    // its backoff passed: the next run sends it
    await t.ctx.jobs.runJob(Number(job.id), Date.now() + 60_000);
    const iccid = (
      await t.ctx.db
        .selectFrom('sim_card')
        .select('iccid')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).iccid;
    const mail = inbox.find((m) => m.text?.includes(iccid));
    expect(mail?.subject).toMatch(/^Your eSIM is ready: /);
  });
});

describe('the activation code in operator views', () => {
  async function operator(role: 'owner' | 'support') {
    const username = `${role}-${Date.now()}`;
    await t.ctx.db
      .insertInto('admin_user')
      .values({
        username,
        name: username,
        password_hash: await hashPassword('operator-pass'),
        role,
        status: 1,
        created_at: Date.now(),
      })
      .execute();
    const res = await call(t.app, 'POST', 'admin/base/open/login', {
      body: { username, password: 'operator-pass' },
    });
    return res.data.token as string;
  }

  it('is masked in the deliveries list, opened by an order operator only, and the opening audited', async () => {
    const { orderId } = await buyEsim(null, 'en');
    const d = await t.ctx.db
      .selectFrom('sim_delivery')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const code = openActivation(t.config.secret, card.iccid, card.activation_enc)!.activationCode;
    const owner = await operator('owner');
    const page = await call(t.app, 'POST', 'admin/simcard/delivery/page', {
      token: owner,
      body: { page: 1, size: 50 },
    });
    expect(page.code, page.message).toBe(1000);
    expect(JSON.stringify(page.data)).not.toContain('LPA:');
    const support = await operator('support');
    const refused = await call(t.app, 'POST', 'admin/simcard/activation/info', {
      token: support,
      body: { deliveryId: d.id },
    });
    expect(refused.code).not.toBe(1000);
    const opened = await call(t.app, 'POST', 'admin/simcard/activation/info', {
      token: owner,
      body: { deliveryId: d.id },
    });
    expect(opened.code, opened.message).toBe(1000);
    expect(opened.data).toMatchObject({
      deliveryId: Number(d.id),
      cards: [{ iccid: card.iccid, held: false, activation: { activationCode: code } }],
    });
    const audit = await t.ctx.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'POST admin/simcard/activation/info')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'esim_activation', entity_id: String(d.id) });
    // the audit entry records what was opened, never the code itself
    expect(JSON.stringify(audit[0])).not.toContain('LPA:');
  });
});

describe('SMTP configuration', () => {
  it('production refuses SMTP without TLS, a host without a sender, a user without a password', () => {
    const smtpEnv = { SMTP_HOST: 'smtp.example', MAIL_FROM: 'a@shop.example' };
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...smtpEnv, SMTP_TLS: 'none' })).toThrow(/SMTP_TLS/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, SMTP_HOST: 'smtp.example' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...smtpEnv, SMTP_USER: 'u' })).toThrow(/SMTP_PASSWORD/);
    const ok = loadConfig({ ...PRODUCTION_ENV, ...smtpEnv, SMTP_USER: 'u', SMTP_PASSWORD: 'p' });
    expect(ok.mail).toEqual({
      host: 'smtp.example',
      port: 587,
      auth: { user: 'u', pass: 'p' },
      tls: 'starttls',
      from: 'a@shop.example',
    });
  });

  it("an e-mail code goes out through the same SMTP gateway, in the asker's language", async () => {
    const res = await call(t.app, 'POST', 'app/user/comm/sendEmailCode', {
      body: { email: 'Code-Me@Example.com', purpose: 'register', ...(await solveCaptcha(t)) },
      language: 'fr',
    });
    expect(res.code, res.message).toBe(1000);
    const mail = inbox.find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'code-me@example.com');
    expect(mail?.subject).toBe('Code de vérification SimShop');
    expect(mail?.text).toMatch(/code de vérification SimShop est \d{6}/);
  });
});
