import type { Locale } from '@simshop/contracts';
import { COMPANY_INVITE_DAYS, memberRole } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { enqueueJob } from '../../jobs/runner';
import { findCompany, findInvite } from './company.repository';
import { inviteTexts } from './company-invite.messages';

/**
 * An invitation goes to the person it names: by SMS to the phone, by e-mail to the address (both when both
 * are given), through the shop's gateways. One retried job per channel, enqueued in the transaction that
 * writes the invitation, so a gateway outage delays it and a retry never sends the other channel twice.
 * An invitation used or expired before the job runs is not sent.
 */
export const INVITE_SEND_JOB = 'company.invite_send';
export type InviteSendJob = { inviteId: number; channel: 'sms' | 'email'; locale: Locale };
export const INVITE_SEND_MAX_ATTEMPTS = 6;

export async function enqueueInviteSends(
  trx: Db,
  invite: { id: number; phone: string | null; email: string | null },
  locale: Locale,
  at: number,
) {
  const channels = [...(invite.phone ? ['sms' as const] : []), ...(invite.email ? ['email' as const] : [])];
  for (const channel of channels)
    await enqueueJob(trx, INVITE_SEND_JOB, { inviteId: invite.id, channel, locale } satisfies InviteSendJob, {
      key: `${INVITE_SEND_JOB}:${invite.id}:${channel}`,
      at,
    });
}

/** One run of the job: throws (to be retried) when the gateway fails. Returns whether a message went out. */
export async function sendInvite(
  ctx: AppContext,
  job: InviteSendJob,
  link: (code: string) => string,
): Promise<boolean> {
  const invite = await findInvite(ctx.db, job.inviteId);
  if (!invite || invite.used_at !== null || Number(invite.expires_at) <= Date.now()) return false;
  const company = await findCompany(ctx.db, Number(invite.company_id));
  if (!company) return false;
  const t = inviteTexts(job.locale);
  const role = memberRole.safeParse(invite.role);
  const text = t.body({
    company: company.name,
    role: role.success ? t.roles[role.data] : invite.role,
    code: invite.code,
    link: link(invite.code),
    days: COMPANY_INVITE_DAYS,
  });
  if (job.channel === 'sms' && invite.phone) await ctx.providers.sms.send(invite.phone, text);
  else if (job.channel === 'email' && invite.email)
    await ctx.providers.mail.send(invite.email, t.subject(company.name), text);
  else return false;
  return true;
}
