import type {
  adminAuditPageRequest,
  adminCustomerPageRequest,
  adminCustomerStatusRequest,
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
import {
  findCustomer,
  insertOperator,
  otherActiveOwners,
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

/** The last active owner may not lose the role or be disabled: someone must be able to manage operators. */
async function keepAnOwner(ctx: AppContext, id: number) {
  const target = (await findAdmin(ctx.db, id)) ?? fail('NOT_FOUND');
  if (target.role === 'owner' && target.status === 1 && (await otherActiveOwners(ctx.db, id)) === 0)
    fail('CONFLICT');
  return target;
}

export async function changeOperator(ctx: AppContext, input: z.infer<typeof adminOperatorUpdateRequest>) {
  if (input.role !== undefined && input.role !== 'owner') await keepAnOwner(ctx, input.id);
  else if (!(await findAdmin(ctx.db, input.id))) fail('NOT_FOUND');
  const set = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.role && { role: input.role }),
  };
  if (Object.keys(set).length > 0) await updateOperator(ctx.db, input.id, set);
  return { id: input.id };
}

/** Disables (0) or re-enables (1) an operator; disabling ends all of their sessions at once. */
export async function setOperatorStatus(
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminOperatorStatusRequest>,
) {
  if (input.status === 0) {
    if (input.id === adminId) fail('CONFLICT');
    await keepAnOwner(ctx, input.id);
  } else if (!(await findAdmin(ctx.db, input.id))) fail('NOT_FOUND');
  await updateOperator(ctx.db, input.id, { status: input.status });
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
  createdAt: iso(r.created_at),
});

export async function customerPage(ctx: AppContext, q: z.infer<typeof adminCustomerPageRequest>) {
  const { total, list } = await pageCustomers(ctx.db, q);
  return { list: list.map(customer), pagination: { page: q.page, size: q.size, total } };
}

export async function customerInfo(ctx: AppContext, publicId: string) {
  return customer((await findCustomer(ctx.db, publicId)) ?? fail('NOT_FOUND'));
}

/** Disables (0) or re-enables (1) a buyer; disabling revokes every token of theirs at once. */
export async function setCustomerStatus(ctx: AppContext, input: z.infer<typeof adminCustomerStatusRequest>) {
  const user = (await findCustomer(ctx.db, input.id)) ?? fail('NOT_FOUND');
  if (!(await setUserStatus(ctx.db, user.id, input.status, now()))) fail('NOT_FOUND');
  if (input.status === 0) await ctx.tokens.revokeSubject('app', user.id);
  return { id: user.public_id, status: input.status };
}
