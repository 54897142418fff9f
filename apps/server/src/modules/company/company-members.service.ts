import crypto from 'node:crypto';
import {
  COMPANY_INVITE_DAYS,
  type CompanyInfo,
  type CompanyRole,
  type Locale,
  companyInviteRequest,
  memberRole,
} from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { lockUserRow, type Db } from '../../platform/db';
import { enqueueJob } from '../../jobs/runner';
import { fail } from '../../platform/errors';
import { iso } from '../../platform/columns';
import { normalizePhone } from '../../platform/phone';
import { getPerson } from '../user-info';
import { enqueueInviteSends, sendInvite, type InviteSendJob } from './company-invite.service';
import {
  countAwaiting,
  countMembers,
  deleteMember,
  findCompany,
  findInvite,
  findInviteByCode,
  findMembership,
  insertCompany,
  insertInvite,
  insertMember,
  invitesOf,
  linkTravellers,
  membersOf,
  setMemberRole,
  updateCompany,
  useInvite,
  type CompanyRow,
  type InviteRow,
  type MemberRow,
} from './company.repository';

// Members and roles: the company account owns its company; it invites members by phone or e-mail with a
// single-use, expiring code and gives each one role. Every call checks the caller's membership and role.

const DAY_MS = 86_400_000;

export type Seat = { member: MemberRow; company: CompanyRow };

/** The caller's company and role; COMPANY_ROLE_FORBIDDEN unless the role is one of `roles`. */
export async function seatOf(ctx: AppContext, userId: number, roles: readonly CompanyRole[]): Promise<Seat> {
  const member = (await findMembership(ctx.db, userId)) ?? fail('COMPANY_NOT_MEMBER');
  if (!roles.includes(member.role)) fail('COMPANY_ROLE_FORBIDDEN');
  const company = (await findCompany(ctx.db, Number(member.company_id))) ?? fail('COMPANY_NOT_MEMBER');
  return { member, company };
}

/** A phone as typed, in E.164 (the form accounts store). */
export const phoneE164 = (ctx: AppContext, phone: string) =>
  normalizePhone(phone, ctx.config.defaultPhoneRegion);

export const maskPhone = (phone: string | null) =>
  phone === null
    ? null
    : phone.length <= 7
      ? phone
      : `${phone.slice(0, 4)}${'*'.repeat(phone.length - 7)}${phone.slice(-3)}`;

async function infoOf(ctx: AppContext, seat: Seat): Promise<CompanyInfo> {
  const c = seat.company;
  return {
    id: Number(c.id),
    name: c.name,
    role: seat.member.role,
    approvalThreshold: c.approval_threshold === null ? null : Number(c.approval_threshold),
    memberCount: await countMembers(ctx.db, Number(c.id)),
    pendingApprovals: ['owner', 'approver'].includes(seat.member.role)
      ? await countAwaiting(ctx.db, Number(c.id))
      : 0,
  };
}

/** The caller's company, or null when they belong to none. */
export async function companyOfCaller(ctx: AppContext, userId: number): Promise<CompanyInfo | null> {
  if (!(await findMembership(ctx.db, userId))) return null;
  return infoOf(ctx, await seatOf(ctx, userId, ['owner', 'buyer', 'approver', 'traveller']));
}

/** A company account opens its company space and becomes its owner (once). */
export async function setUpCompany(
  ctx: AppContext,
  userId: number,
  req: { name: string; approvalThreshold: number | null },
) {
  const person = await getPerson(ctx, userId);
  if (person.kind !== 'company') fail('COMPANY_ACCOUNT_ONLY');
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    if (await findMembership(trx, userId)) fail('COMPANY_ALREADY_MEMBER');
    const companyId = await insertCompany(trx, {
      owner_user_id: userId,
      name: req.name,
      approval_threshold: req.approvalThreshold,
      created_at: at,
      updated_at: at,
    });
    await insertMember(trx, {
      company_id: companyId,
      user_id: userId,
      role: 'owner',
      display_name: req.name,
      created_at: at,
      updated_at: at,
    });
  });
  return infoOf(ctx, await seatOf(ctx, userId, ['owner']));
}

/** The owner sets the amount above which an order waits for an approver (null: none waits). */
export async function setThreshold(ctx: AppContext, userId: number, threshold: number | null) {
  const seat = await seatOf(ctx, userId, ['owner']);
  await updateCompany(ctx.db, Number(seat.company.id), {
    approval_threshold: threshold,
    updated_at: Date.now(),
  });
  return infoOf(ctx, await seatOf(ctx, userId, ['owner']));
}

/** The members, for the owner, buyers and approvers (travellers see only their own cards). */
export async function listMembers(ctx: AppContext, userId: number) {
  const seat = await seatOf(ctx, userId, ['owner', 'buyer', 'approver']);
  const rows = await membersOf(ctx.db, Number(seat.company.id));
  return Promise.all(
    rows.map(async (m) => ({
      userId: Number(m.user_id),
      name: m.display_name,
      phone: maskPhone(
        await getPerson(ctx, Number(m.user_id)).then(
          (p) => p.phone,
          () => null,
        ),
      ),
      role: m.role,
      joinedAt: iso(Number(m.created_at)),
    })),
  );
}

const inviteLink = (ctx: AppContext, code: string) =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}/pages/company/join?code=${code}`;

const inviteView = (ctx: AppContext, i: InviteRow) => ({
  id: Number(i.id),
  code: i.code,
  link: inviteLink(ctx, i.code),
  role: memberRole.parse(i.role),
  name: i.display_name,
  phone: i.phone,
  email: i.email,
  expiresAt: iso(Number(i.expires_at)),
  usedAt: i.used_at === null ? null : iso(Number(i.used_at)),
});

/** An invitation code: 20 characters of base32 (about 100 bits), single use. */
const newInviteCode = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.randomBytes(20), (b) => alphabet[b % 32]).join('');
};

/** The owner invites someone by phone or e-mail to a role; the answer carries the code and link to share. */
export async function inviteMember(
  ctx: AppContext,
  userId: number,
  req: z.infer<typeof companyInviteRequest>,
  locale: Locale,
) {
  const seat = await seatOf(ctx, userId, ['owner']);
  if (!req.phone && !req.email) fail('COMPANY_INVITE_CONTACT_REQUIRED');
  const phone = req.phone ? phoneE164(ctx, req.phone) : null;
  const email = req.email?.toLowerCase() ?? null;
  const at = Date.now();
  // the invitation and its SMS / e-mail (company-invite.service) are written together
  const id = await ctx.db.transaction().execute(async (trx) => {
    const inviteId = await insertInvite(trx, {
      company_id: Number(seat.company.id),
      code: newInviteCode(),
      role: req.role,
      display_name: req.name,
      phone,
      email,
      created_by: userId,
      expires_at: at + COMPANY_INVITE_DAYS * DAY_MS,
      used_by: null,
      used_at: null,
      created_at: at,
    });
    await enqueueInviteSends(trx, { id: inviteId, phone, email }, locale, at);
    return inviteId;
  });
  return inviteView(ctx, await findInvite(ctx.db, id));
}

/** The retried job that sends an invitation by SMS or e-mail (registered by jobs/index.ts). */
export const sendInviteJob = (ctx: AppContext, job: InviteSendJob) =>
  sendInvite(ctx, job, (code) => inviteLink(ctx, code));

export async function listInvites(ctx: AppContext, userId: number) {
  const seat = await seatOf(ctx, userId, ['owner']);
  return (await invitesOf(ctx.db, Number(seat.company.id))).map((i) => inviteView(ctx, i));
}

/** A member just joined: the travellers linked to them get their cards now (payload AssignJoinedJob). */
export const ASSIGN_JOINED_JOB = 'company.assign_joined';
export type AssignJoinedJob = { userId: number };

/** Enqueued in the join's transaction, once per invitation used (keyed by it), due now. */
export const enqueueAssignJoined = (trx: Db, inviteId: number, userId: number, at: number) =>
  enqueueJob(trx, ASSIGN_JOINED_JOB, { userId } satisfies AssignJoinedJob, {
    key: `${ASSIGN_JOINED_JOB}:${inviteId}`,
    at,
  });

/**
 * The invited person joins with the code: it must be unused and unexpired, and sent to this account's phone
 * or e-mail; a person belongs to one company. Their travellers in earlier batches become theirs.
 */
export async function joinCompany(ctx: AppContext, userId: number, code: string, locale: Locale) {
  void locale;
  const invite = await findInviteByCode(ctx.db, code.toUpperCase());
  const at = Date.now();
  if (!invite || invite.used_at !== null || Number(invite.expires_at) <= at) fail('COMPANY_INVITE_INVALID');
  const person = await getPerson(ctx, userId);
  const email = person.email?.toLowerCase() ?? null;
  const matches =
    (invite.phone !== null && invite.phone === person.phone) ||
    (invite.email !== null && invite.email === email);
  if (!matches) fail('COMPANY_INVITE_NOT_YOURS');
  const companyId = Number(invite.company_id);
  await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    if (await findMembership(trx, userId)) fail('COMPANY_ALREADY_MEMBER');
    if (!(await useInvite(trx, Number(invite.id), userId, at))) fail('COMPANY_INVITE_INVALID');
    await insertMember(trx, {
      company_id: companyId,
      user_id: userId,
      role: invite.role,
      display_name: invite.display_name,
      created_at: at,
      updated_at: at,
    });
    await linkTravellers(trx, companyId, userId, { phone: person.phone, email });
    // cards of batches already delivered go to them now, not on the next company.assign tick
    await enqueueAssignJoined(trx, Number(invite.id), userId, at);
  });
  return companyOfCaller(ctx, userId);
}

/** The owner changes a member's role (never the owner's own). */
export async function changeRole(ctx: AppContext, userId: number, target: number, role: CompanyRole) {
  const seat = await seatOf(ctx, userId, ['owner']);
  const m = await findMembership(ctx.db, target);
  if (!m || Number(m.company_id) !== Number(seat.company.id)) fail('COMPANY_MEMBER_NOT_FOUND');
  if (m.role === 'owner') fail('COMPANY_OWNER_FIXED');
  await setMemberRole(ctx.db, Number(seat.company.id), target, role, Date.now());
  return listMembers(ctx, userId);
}

/** The owner removes a member; the eSIMs they hold stay theirs (they may be travelling). */
export async function removeMember(ctx: AppContext, userId: number, target: number) {
  const seat = await seatOf(ctx, userId, ['owner']);
  const m = await findMembership(ctx.db, target);
  if (!m || Number(m.company_id) !== Number(seat.company.id)) fail('COMPANY_MEMBER_NOT_FOUND');
  if (m.role === 'owner') fail('COMPANY_OWNER_FIXED');
  await deleteMember(ctx.db, Number(seat.company.id), target);
  return listMembers(ctx, userId);
}

/** Members with their contacts, for matching a batch's travellers. */
export async function memberContacts(ctx: AppContext, companyId: number) {
  const rows = await membersOf(ctx.db, companyId);
  return Promise.all(
    rows.map(async (m) => {
      const p = await getPerson(ctx, Number(m.user_id)).catch(() => null);
      return {
        userId: Number(m.user_id),
        role: m.role,
        name: m.display_name,
        phone: p?.phone ?? null,
        email: p?.email?.toLowerCase() ?? null,
      };
    }),
  );
}
