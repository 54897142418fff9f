import crypto from 'node:crypto';
import path from 'node:path';
import type { TransferInfo } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { TransferStatus } from '../../db/schema';
import { requirePermission } from '../../platform/auth';
import { AppError, fail } from '../../platform/errors';
import { sniffFileType, uploadKeyOf, uploadOwnedBy } from '../../platform/upload';
import { extendPayDeadline, findOrder, type OrderRow } from '../order';
import { amountDue, assertOrderPayWay, payableOrder } from '../payment';
import { accountKindOf, companyIdentified } from '../user-info';
import { lockUserRow } from '../../platform/db';
import { formatMoney } from '../../platform/money';
import {
  ensureTransfer,
  findProof,
  openTransferTotal,
  findTransferOfOrder,
  insertProof,
  moveTransfer,
  proofsOf,
  transferPage,
  type ProofRow,
  type TransferRow,
} from './transfer.repository';

const DAY_MS = 24 * 60 * 60_000;
const PROOF_MIMES = ['image/jpeg', 'image/png', 'application/pdf'];
const iso = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * Where proofs live: `transfer/<file_key>` on the private side of the file store (platform/storage), never
 * served by the public uploads route; operators read them through adminProofFile.
 */
export const proofStorageKey = (fileKey: string) => `transfer/${fileKey}`;

function view(ctx: AppContext, order: OrderRow, t: TransferRow, proofs: ProofRow[]): TransferInfo {
  const b = ctx.config.transfer;
  return {
    orderId: Number(order.id),
    orderNo: order.order_no,
    bankName: b.bankName,
    bankCode: b.bankCode,
    accountName: b.accountName,
    accountNo: b.accountNo,
    reference: t.reference,
    amount: Number(t.amount),
    currency: t.currency,
    status: t.status,
    rejectReason: t.reject_reason,
    payBy: Number(order.status) === 0 ? iso(Number(order.pay_deadline)) : null,
    proofs: proofs.map((p) => ({
      id: Number(p.id),
      mime: p.mime,
      size: Number(p.size),
      sha256: p.sha256,
      uploadedAt: iso(Number(p.created_at)),
    })),
  };
}

async function assertCompany(ctx: AppContext, userId: number) {
  if (!ctx.config.payWays.includes('transfer')) fail('PAY_CHANNEL_UNAVAILABLE');
  if ((await accountKindOf(ctx, userId)) !== 'company') fail('TRANSFER_COMPANY_ONLY');
}

/**
 * The payee account and the order's own reference for the memo. The first call opens the transfer (awaiting
 * transfer) and gives the order TRANSFER_EXPIRE_DAYS to be paid; later calls read it. A company that has not
 * given its company details holds stock by transfer only up to TRANSFER_UNVERIFIED_MAX in all its open
 * transfers (TRANSFER_LIMIT), and only for TRANSFER_UNVERIFIED_HOURS until a proof arrives.
 */
export async function bankInfo(ctx: AppContext, userId: number, orderId: number): Promise<TransferInfo> {
  await assertCompany(ctx, userId);
  const seen = await findTransferOfOrder(ctx.db, orderId);
  const order = seen ? await findOrder(ctx.db, orderId, userId) : await payableOrder(ctx.db, userId, orderId);
  if (!order) return fail('NOT_FOUND');
  if (seen) return view(ctx, order, seen, await proofsOf(ctx.db, [Number(seen.id)]));
  await assertOrderPayWay(ctx, order, 'transfer');
  const at = Date.now();
  const identified = await companyIdentified(ctx, userId);
  const cfg = ctx.config.transfer;
  const t = await ctx.db.transaction().execute(async (trx) => {
    // one company's transfers open one at a time, so two cannot both pass the cap
    await lockUserRow(trx, ctx.engine, userId);
    const due = await amountDue(trx, order);
    if (!identified && (await openTransferTotal(trx, userId)) + due > cfg.unverifiedMax)
      fail('TRANSFER_LIMIT', { max: formatMoney('en', order.currency, cfg.unverifiedMax) });
    const row = await ensureTransfer(trx, {
      order_id: orderId,
      user_id: userId,
      reference: `ST${order.order_no}`,
      amount: due,
      currency: order.currency,
      status: 'awaiting_transfer',
      reject_reason: null,
      admin_id: null,
      decided_at: null,
      created_at: at,
      updated_at: at,
    });
    const hold = identified ? cfg.expireDays * DAY_MS : cfg.unverifiedHours * 3_600_000;
    await extendPayDeadline(trx, orderId, at + hold, at);
    return row;
  });
  // read again: the deadline just moved
  return view(ctx, (await findOrder(ctx.db, orderId, userId)) ?? order, t, []);
}

export async function proofStatus(ctx: AppContext, userId: number, orderId: number) {
  const order = await findOrder(ctx.db, orderId, userId);
  const t = order ? await findTransferOfOrder(ctx.db, orderId) : undefined;
  if (!order || !t) return fail('NOT_FOUND');
  return view(ctx, order, t, await proofsOf(ctx.db, [Number(t.id)]));
}

/**
 * The buyer's proofs of the transfer (their own uploads: jpg, png or pdf; several allowed): each file is
 * moved out of the public uploads into private storage, named by its sha256, and recorded with uploader and
 * time; the transfer moves to proof submitted (also after a rejection: a resubmission).
 */
export async function submitProof(
  ctx: AppContext,
  userId: number,
  req: { orderId: number; proofs: string[] },
) {
  await assertCompany(ctx, userId);
  const order = await findOrder(ctx.db, req.orderId, userId);
  const t = order ? await findTransferOfOrder(ctx.db, req.orderId) : undefined;
  if (!order || !t) return fail('NOT_FOUND');
  if (!['awaiting_transfer', 'proof_submitted', 'rejected'].includes(t.status))
    fail('TRANSFER_STATUS_INVALID');
  const files: { key: string; data: Buffer; mime: string; sha256: string }[] = [];
  for (const url of [...new Set(req.proofs)]) {
    const key = uploadKeyOf(url);
    if (!key || !(await uploadOwnedBy(ctx.db, url, userId))) fail('ORDER_PICTURE_NOT_OWNED');
    const data = (await ctx.files.get('public', key!))?.data ?? null;
    const kind = data ? sniffFileType(data) : null;
    if (!data || !kind || !PROOF_MIMES.includes(kind.mime)) return fail('UPLOAD_TYPE');
    files.push({
      key: key!,
      data,
      mime: kind.mime,
      sha256: crypto.createHash('sha256').update(data).digest('hex'),
    });
  }
  for (const f of files)
    await ctx.files.put('private', proofStorageKey(`${f.sha256}${path.extname(f.key)}`), f.data, f.mime);
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveTransfer(
      trx,
      Number(t.id),
      ['awaiting_transfer', 'proof_submitted', 'rejected'],
      'proof_submitted',
      { reject_reason: null },
      at,
    );
    if (!moved) throw new AppError('TRANSFER_STATUS_INVALID');
    // a proof is in: the order waits the full TRANSFER_EXPIRE_DAYS from the transfer's opening
    await extendPayDeadline(
      trx,
      req.orderId,
      Number(t.created_at) + ctx.config.transfer.expireDays * DAY_MS,
      at,
    );
    for (const f of files) {
      await insertProof(trx, {
        transfer_id: Number(t.id),
        file_key: `${f.sha256}${path.extname(f.key)}`,
        mime: f.mime,
        size: f.data.length,
        sha256: f.sha256,
        uploader_id: userId,
        created_at: at,
      });
      await trx.deleteFrom('upload').where('file_key', '=', f.key).where('owner_kind', '=', 'user').execute();
    }
  });
  // the public copies go once the private ones are recorded
  for (const f of files) await ctx.files.delete('public', f.key);
  return proofStatus(ctx, userId, req.orderId);
}

// ---------------------------------------------------------------- operators

export async function adminTransfers(
  ctx: AppContext,
  adminId: number,
  req: { page: number; size: number; status?: TransferStatus },
) {
  await requirePermission(ctx, adminId, 'transfers.read');
  const { rows, total } = await transferPage(ctx.db, req.status, req.page, req.size);
  const proofs = await proofsOf(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  const list = [];
  for (const r of rows) {
    const order = await findOrder(ctx.db, Number(r.order_id));
    if (!order) continue;
    list.push({
      ...view(
        ctx,
        order,
        r,
        proofs.filter((p) => Number(p.transfer_id) === Number(r.id)),
      ),
      id: Number(r.id),
      userId: Number(r.user_id),
      updatedAt: iso(Number(r.updated_at)),
    });
  }
  return { list, pagination: { page: req.page, size: req.size, total } };
}

export async function rejectTransfer(
  ctx: AppContext,
  adminId: number,
  req: { orderId: number; reason: string },
) {
  await requirePermission(ctx, adminId, 'transfers.decide');
  const t = await findTransferOfOrder(ctx.db, req.orderId);
  if (!t) return fail('NOT_FOUND');
  const moved = await moveTransfer(
    ctx.db,
    Number(t.id),
    ['proof_submitted'],
    'rejected',
    { reject_reason: req.reason, admin_id: adminId, decided_at: Date.now() },
    Date.now(),
  );
  if (!moved) fail('TRANSFER_STATUS_INVALID');
  return adminTransferOf(ctx, req.orderId);
}

/**
 * One proof file for an operator's review (transfers.read): the stored bytes and the type they were sniffed as
 * when the buyer submitted them. NOT_FOUND for an unknown id or a file missing from private storage.
 */
export async function adminProofFile(ctx: AppContext, adminId: number, proofId: number) {
  await requirePermission(ctx, adminId, 'transfers.read');
  const p = await findProof(ctx.db, proofId);
  if (!p || path.basename(p.file_key) !== p.file_key) return fail('NOT_FOUND');
  const data = (await ctx.files.get('private', proofStorageKey(p.file_key)))?.data ?? null;
  if (!data) return fail('NOT_FOUND');
  return { data, mime: p.mime, name: p.file_key };
}

/** A transfer as operators see it (after a decision). */
export async function adminTransferOf(ctx: AppContext, orderId: number) {
  const order = (await findOrder(ctx.db, orderId))!;
  const t = (await findTransferOfOrder(ctx.db, orderId))!;
  return {
    ...view(ctx, order, t, await proofsOf(ctx.db, [Number(t.id)])),
    id: Number(t.id),
    userId: Number(t.user_id),
    updatedAt: iso(Number(t.updated_at)),
  };
}
