import type { Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { iso } from '../../platform/columns';
import { batchesForConsole } from './company-bulk.service';
import { maskPhone, memberContacts } from './company-members.service';
import {
  batchesOf,
  companyPage,
  countMembers,
  findCompany,
  membersOf,
  type CompanyRow,
} from './company.repository';

// What operators see of companies (console, customers.read / orders.read): read only.

async function row(ctx: AppContext, c: CompanyRow) {
  const id = Number(c.id);
  return {
    id,
    name: c.name,
    ownerUserId: Number(c.owner_user_id),
    approvalThreshold: c.approval_threshold === null ? null : Number(c.approval_threshold),
    memberCount: await countMembers(ctx.db, id),
    batchCount: (await batchesOf(ctx.db, id)).length,
    createdAt: iso(Number(c.created_at)),
  };
}

export async function adminCompanyPage(ctx: AppContext, q: { page: number; size: number; keyword?: string }) {
  const { rows, total } = await companyPage(ctx.db, q);
  return {
    list: await Promise.all(rows.map((c) => row(ctx, c))),
    pagination: { page: q.page, size: q.size, total },
  };
}

/** One company with its members and its batch orders. */
export async function adminCompanyDetail(ctx: AppContext, id: number, locale: Locale) {
  const c = (await findCompany(ctx.db, id)) ?? fail('NOT_FOUND');
  const [contacts, members] = await Promise.all([memberContacts(ctx, id), membersOf(ctx.db, id)]);
  return {
    ...(await row(ctx, c)),
    members: members.map((m) => ({
      userId: Number(m.user_id),
      name: m.display_name,
      phone: maskPhone(contacts.find((x) => x.userId === Number(m.user_id))?.phone ?? null),
      role: m.role,
      joinedAt: iso(Number(m.created_at)),
    })),
    batches: await batchesForConsole(ctx, id, locale),
  };
}
