import type {
  adminAuditPageRequest,
  adminCustomerPageRequest,
  adminCustomerStatusRequest,
  adminLedgerPageRequest,
  adminOperatorAddRequest,
  adminOperatorPageRequest,
  adminOperatorPasswordRequest,
  adminOperatorStatusRequest,
  adminOperatorUpdateRequest,
} from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { fail } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { setUserStatus } from './admin.repository';
import { ledgerBalance, ledgerPage } from '../wallet';
import {
  findCustomer,
  insertOperator,
  lockActiveOwners,
  pageAudit,
  pageCustomers,
  pageOperators,
  updateOperator,
} from './admin-console.repository';
import { findAdmin } from './admin.repository';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

// ---------------------------------------------------------------- audit log (owner)

export async function auditPage(ctx: AppContext, q: z.infer<typeof adminAuditPageRequest>) {
  const { total, list } = await pageAudit(ctx.db, q);
  return {
    list: list.map((r) => ({
      id: Number(r.id),
      adminId: Number(r.admin_id),
      adminName: r.admin_name ?? '',
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: parse(r.before_json),
      after: parse(r.after_json),
      ip: r.ip,
      createdAt: iso(r.created_at),
    })),
    pagination: { page: q.page, size: q.size, total },
  };
}

// ---------------------------------------------------------------- operators (owner)

export async function operatorPage(ctx: AppContext, q: z.infer<typeof adminOperatorPageRequest>) {
  const { total, list } = await pageOperators(ctx.db, q);
  return {
    list: list.map((r) => ({
      id: Number(r.id),
      username: r.username,
      name: r.name,
      role: r.role,
      status: r.status,
      createdAt: iso(r.created_at),
    })),
    pagination: { page: q.page, size: q.size, total },
  };
}

export async function addOperator(ctx: AppContext, input: z.infer<typeof adminOperatorAddRequest>) {
  const id = await insertOperator(ctx.db, {
    username: input.username,
    name: input.name,
    role: input.role,
    password_hash: await hashPassword(input.password),
  });
  if (id === undefined) fail('CONFLICT');
  return { id: id as number };
}

/**
 * Changes an operator in one transaction that first locks the active owners: the last active owner may
 * not lose the role or be disabled (someone must be able to manage operators), even when two owners
 * demote or disable each other at the same moment.
 */
async function changeKeepingAnOwner(
  ctx: AppContext,
  id: number,
  set: { name?: string; role?: string; status?: number },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const owners = await lockActiveOwners(trx, ctx.engine);
    const target = (await findAdmin(trx, id)) ?? fail('NOT_FOUND');
    const losesOwner =
      (set.role !== undefined && set.role !== 'owner') || (set.status !== undefined && set.status !== 1);
    if (losesOwner && owners.includes(Number(target.id)) && owners.length === 1) fail('CONFLICT');
    if (Object.keys(set).length > 0) await updateOperator(trx, id, set);
  });
}

export async function changeOperator(ctx: AppContext, input: z.infer<typeof adminOperatorUpdateRequest>) {
  await changeKeepingAnOwner(ctx, input.id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.role && { role: input.role }),
  });
  return { id: input.id };
}

/** Disables (0) or re-enables (1) an operator; disabling ends all of their sessions at once. */
export async function setOperatorStatus(
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminOperatorStatusRequest>,
) {
  if (input.status === 0 && input.id === adminId) fail('CONFLICT');
  await changeKeepingAnOwner(ctx, input.id, { status: input.status });
  if (input.status === 0) await ctx.tokens.revokeSubject('admin', input.id);
  return { id: input.id, status: input.status };
}

/** Sets a new password for an operator (who forgot theirs); their sessions end. */
export async function resetOperatorPassword(
  ctx: AppContext,
  input: z.infer<typeof adminOperatorPasswordRequest>,
) {
  if (!(await findAdmin(ctx.db, input.id))) fail('NOT_FOUND');
  await updateOperator(ctx.db, input.id, { password_hash: await hashPassword(input.password) });
  await ctx.tokens.revokeSubject('admin', input.id);
  return { id: input.id };
}

// ---------------------------------------------------------------- customers

type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;
const customer = (r: CustomerRow) => ({
  id: r.public_id,
  phone: r.phone,
  email: r.email,
  nickname: r.nickname,
  status: r.status,
  closedAt: r.status === 2 && r.deleted_at !== null ? iso(r.deleted_at) : null,
  createdAt: iso(r.created_at),
});

export async function customerPage(ctx: AppContext, q: z.infer<typeof adminCustomerPageRequest>) {
  const { total, list } = await pageCustomers(ctx.db, q);
  return { list: list.map(customer), pagination: { page: q.page, size: q.size, total } };
}

/** One buyer with wallet balance and points (read through the wallet module). */
export async function customerInfo(ctx: AppContext, publicId: string) {
  const row = (await findCustomer(ctx.db, publicId)) ?? fail('NOT_FOUND');
  const [balance, points] = await Promise.all([
    ledgerBalance(ctx.db, 'wallet', Number(row.id)),
    ledgerBalance(ctx.db, 'points', Number(row.id)),
  ]);
  return {
    ...customer(row),
    currency: ctx.config.currency,
    balance: Number(balance),
    points: Number(points),
  };
}

/** A buyer's wallet or points ledger, newest first, for the operator. */
export async function customerLedger(ctx: AppContext, q: z.infer<typeof adminLedgerPageRequest>) {
  const row = (await findCustomer(ctx.db, q.userPublicId)) ?? fail('NOT_FOUND');
  return ledgerPage(ctx, q.kind, Number(row.id), q);
}

/** Disables (0) or re-enables (1) a buyer; disabling revokes every token of theirs at once. */
export async function setCustomerStatus(ctx: AppContext, input: z.infer<typeof adminCustomerStatusRequest>) {
  const user = (await findCustomer(ctx.db, input.id)) ?? fail('NOT_FOUND');
  if (!(await setUserStatus(ctx.db, user.id, input.status, now()))) fail('NOT_FOUND');
  if (input.status === 0) await ctx.tokens.revokeSubject('app', user.id);
  return { id: user.public_id, status: input.status };
}
