import type { z } from 'zod';
import type {
  noticePageResponse,
  SimCardDetail,
  SimCardInfo,
  SimCardListResponse,
  SimCardSummary,
} from '@simshop/contracts';
import { SIM_BIND_MAX_ATTEMPTS, type Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { iso, parseTexts, pickField } from '../../platform/columns';
import { specName, specsSoldAs, topUpGoodsCovering, type GoodsText } from '../catalogue';
import { bindCodeMatches, openActivation } from './simcard.crypto';
import { destinationTimeZone } from './simcard-zone';
import {
  claimIssue,
  countBindAttempt,
  findCard,
  findIssue,
  findOwnCard,
  insertCard,
  lineSnapshots,
  listOwnCards,
  markNoticesRead,
  noticePage,
  unreadNotices,
  updateCard,
  usageHistory,
  type SimCardRow,
  packageValidity,
} from './simcard.repository';
import { refreshCardUsage } from './simcard-usage.service';

const MB = 1024 * 1024;

async function topUpable(ctx: AppContext, card: SimCardRow) {
  if (!card.commodity_code) return true;
  const c = await ctx.db
    .selectFrom('partner_commodity')
    .select('top_upable')
    .where('code', '=', card.commodity_code)
    .executeTakeFirst();
  return c ? Number(c.top_upable) === 1 : true;
}

type Named = { goodsTexts: string; spec: Parameters<typeof specName>[0] };
const nameOf = (n: Named, locale: Locale) => {
  const title = pickField(parseTexts<GoodsText>(n.goodsTexts), locale, 'title');
  const spec = specName(n.spec, locale);
  return title ? `${title} · ${spec}` : spec;
};

/**
 * Each card's plan name in the reader's language, from the shop's own texts: the goods and spec the card was
 * bought as (the order line's snapshot), else the goods now sold as its partner package; the partner's own
 * (English) name only when the shop sells nothing of the kind.
 */
async function planNames(ctx: AppContext, cards: SimCardRow[], locale: Locale) {
  const lines = new Map(
    (
      await lineSnapshots(
        ctx.db,
        cards.filter((c) => c.order_line_id !== null).map((c) => Number(c.order_line_id)),
      )
    ).map((l) => [Number(l.id), l]),
  );
  const packages = new Map<string, Named>();
  const unbought = cards.filter((c) => !lines.has(Number(c.order_line_id)) && c.commodity_code);
  for (const s of await specsSoldAs(ctx.db, [...new Set(unbought.map((c) => c.commodity_code!))]))
    if (s.sku && !packages.has(s.sku)) packages.set(s.sku, { goodsTexts: s.goods_texts, spec: s });
  const names = new Map<number, string>();
  for (const c of cards) {
    const line = c.order_line_id === null ? undefined : lines.get(Number(c.order_line_id));
    let named: Named | undefined;
    if (line) {
      const goods = JSON.parse(line.goods_snapshot) as { texts?: unknown };
      named = { goodsTexts: JSON.stringify(goods.texts ?? {}), spec: JSON.parse(line.spec_snapshot) };
    } else if (c.commodity_code) named = packages.get(c.commodity_code);
    names.set(Number(c.id), named ? nameOf(named, locale) : c.plan_name);
  }
  return names;
}

async function toSummary(
  ctx: AppContext,
  card: SimCardRow,
  planName = card.plan_name,
): Promise<SimCardSummary> {
  const countries = JSON.parse(card.countries) as string[];
  const total = card.total_bytes === null ? null : Number(card.total_bytes);
  const used = Number(card.used_bytes);
  const goodsId = await topUpGoodsCovering(ctx.db, countries);
  return {
    iccid: card.iccid,
    kind: card.kind,
    planName,
    label: card.label ?? null,
    countries,
    status: card.status as SimCardSummary['status'],
    dataTotalBytes: total,
    dataUsedBytes: used,
    dataLeftBytes: total === null ? null : Math.max(0, total - used),
    usageAsOf: iso(card.usage_as_of === null ? null : Number(card.usage_as_of)),
    validFrom: iso(card.valid_from === null ? null : Number(card.valid_from)),
    validUntil: iso(card.valid_until === null ? null : Number(card.valid_until)),
    lowDataAlertMb: card.alert_mb === null ? null : Number(card.alert_mb),
    lowDataAlerted: Number(card.alert_fired) === 1,
    canTopUp: card.status !== 'expired' && goodsId !== null && (await topUpable(ctx, card)),
    topUpGoodsId: goodsId,
    boundAt: iso(Number(card.created_at)),
  };
}

/** The card's plan validity rule: its days and when they start counting, from the partner's package. */
async function validityRuleOf(ctx: AppContext, card: SimCardRow): Promise<SimCardDetail['validityRule']> {
  if (!card.commodity_code) return null;
  const p = await packageValidity(ctx.db, card.commodity_code);
  return p ? { days: Number(p.validity_days), start: p.validity_start ?? 'first_attach' } : null;
}

const ownCard = async (ctx: AppContext, userId: number, iccid: string) =>
  (await findOwnCard(ctx.db, userId, iccid)) ?? fail('SIM_CARD_NOT_FOUND');

export async function listCards(
  ctx: AppContext,
  userId: number,
  locale: Locale,
): Promise<SimCardListResponse> {
  const rows = await listOwnCards(ctx.db, userId);
  const names = await planNames(ctx, rows, locale);
  return {
    items: await Promise.all(rows.map((r) => toSummary(ctx, r, names.get(Number(r.id))))),
    unreadNotices: await unreadNotices(ctx.db, userId),
  };
}

/** One card's summary with its plan named in the reader's language. */
const summaryIn = async (ctx: AppContext, card: SimCardRow, locale: Locale) =>
  toSummary(ctx, card, (await planNames(ctx, [card], locale)).get(Number(card.id)));

export async function cardDetail(
  ctx: AppContext,
  userId: number,
  iccid: string,
  locale: Locale,
): Promise<SimCardDetail> {
  const card = await ownCard(ctx, userId, iccid);
  const history = await usageHistory(ctx.db, Number(card.id));
  return {
    ...(await summaryIn(ctx, card, locale)),
    activation: openActivation(ctx.config.secret, card.iccid, card.activation_enc),
    destinationTimeZone: destinationTimeZone(JSON.parse(card.countries) as string[]),
    validityRule: await validityRuleOf(ctx, card),
    orderId: card.order_id === null ? null : Number(card.order_id),
    usageHistory: history.map((p) => ({
      at: iso(Number(p.as_of)),
      usedMb: Math.round((Number(p.used_bytes) / MB) * 100) / 100,
    })),
  };
}

export async function cardInfo(
  ctx: AppContext,
  userId: number,
  iccid: string,
  locale: Locale,
): Promise<SimCardInfo> {
  const s = await summaryIn(ctx, await ownCard(ctx, userId, iccid), locale);
  return {
    iccid: s.iccid,
    kind: s.kind,
    planName: s.planName,
    status: s.status,
    dataLeftBytes: s.dataLeftBytes,
    validUntil: s.validUntil,
    canTopUp: s.canTopUp,
    topUpGoodsId: s.topUpGoodsId,
  };
}

/**
 * Binds a physical SIM card the shop sold (issue 25 defect 11; ICCID Luhn-checked by the request schema).
 * A card already bound to the caller answers as it is; one bound to anyone else is refused. Otherwise the
 * card must be in `sim_card_issue` (entered by the operator who shipped it): one that went out with one of
 * the caller's orders binds as it is; any other needs the bind code printed with it, the attempt counted
 * before the code is checked (SIM_BIND_MAX_ATTEMPTS, then only customer service can help), and a card's
 * right to bind is used once. An ICCID the shop never sold (a partner eSIM, or one the partner has not yet
 * issued) is refused whatever it looks like, so nobody can bind the next buyer's eSIM ahead of delivery.
 * The partner's usage fills in plan and validity when the partner knows the card.
 */
export async function bindCard(
  ctx: AppContext,
  userId: number,
  req: { iccid: string; bindCode?: string | undefined },
  locale: Locale,
  at = Date.now(),
) {
  const { iccid } = req;
  const existing = await findCard(ctx.db, iccid);
  if (existing && Number(existing.user_id) !== userId) fail('SIM_CARD_TAKEN');
  if (!existing) {
    const issue = (await findIssue(ctx.db, iccid)) ?? fail('SIM_CARD_NOT_SOLD');
    if (issue.bound_at !== null) fail('SIM_CARD_TAKEN');
    const shippedToCaller = issue.user_id !== null && Number(issue.user_id) === userId;
    if (!shippedToCaller) {
      const code = req.bindCode ?? fail('SIM_CARD_NOT_SOLD');
      if (!(await countBindAttempt(ctx.db, Number(issue.id), SIM_BIND_MAX_ATTEMPTS)))
        fail((await findIssue(ctx.db, iccid))?.bound_at ? 'SIM_CARD_TAKEN' : 'SIM_BIND_LOCKED');
      if (!bindCodeMatches(ctx.config.secret, iccid, code, issue.bind_code_hash)) {
        const now = await findIssue(ctx.db, iccid);
        const left = Math.max(0, SIM_BIND_MAX_ATTEMPTS - Number(now?.bind_attempts ?? SIM_BIND_MAX_ATTEMPTS));
        fail(left === 0 ? 'SIM_BIND_LOCKED' : 'SIM_BIND_CODE_INVALID', { left });
      }
    }
    // the right to bind is used and the card bound together: a second claim, or a delivery holding the same
    // ICCID (the unique index decides a race), leaves nothing behind
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimIssue(trx, Number(issue.id), userId, at))) fail('SIM_CARD_TAKEN');
      const inserted = await insertCard(trx, {
        iccid,
        user_id: userId,
        kind: 'physical',
        commodity_code: null,
        plan_name: 'SIM card',
        countries: '[]',
        order_id: issue.order_id === null || !shippedToCaller ? null : Number(issue.order_id),
        order_line_id: null,
        activation_enc: null,
        status: 'not_installed',
        total_bytes: null,
        used_bytes: 0,
        usage_as_of: null,
        valid_from: null,
        valid_until: null,
        alert_mb: null,
        alert_fired: 0,
        created_at: at,
        updated_at: at,
      });
      if (!inserted) fail('SIM_CARD_TAKEN');
    });
    const card = await ownCard(ctx, userId, iccid);
    await refreshCardUsage(ctx, card, at).catch(() => undefined);
  }
  return summaryIn(ctx, await ownCard(ctx, userId, iccid), locale);
}

/** Sets (or turns off) the low-data threshold; re-arms the alert so it fires at the next crossing. */
export async function setAlert(ctx: AppContext, userId: number, iccid: string, thresholdMb: number | null) {
  const card = await ownCard(ctx, userId, iccid);
  await updateCard(ctx.db, Number(card.id), {
    alert_mb: thresholdMb,
    alert_fired: 0,
    updated_at: Date.now(),
  });
  return { iccid, lowDataAlertMb: thresholdMb };
}

export async function notices(
  ctx: AppContext,
  userId: number,
  q: { page: number; size: number },
  locale: Locale,
): Promise<z.infer<typeof noticePageResponse>> {
  const { rows, total } = await noticePage(ctx.db, userId, q.page, q.size);
  // a notice names the card's plan in the reader's language, as the card pages do
  const cards = await listOwnCards(ctx.db, userId);
  const names = await planNames(ctx, cards, locale);
  const byIccid = new Map(cards.map((c) => [c.iccid, names.get(Number(c.id))]));
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind as 'low_data' | 'esim_delivered' | 'topup_done',
      iccid: r.iccid,
      params: ((p) => (r.iccid && byIccid.get(r.iccid) ? { ...p, planName: byIccid.get(r.iccid)! } : p))(
        JSON.parse(r.params) as Record<string, string | number>,
      ),
      read: r.read_at !== null,
      createdAt: iso(Number(r.created_at)),
    })),
    pagination: { page: q.page, size: q.size, total },
  };
}

export const noticeUnread = async (ctx: AppContext, userId: number) => ({
  count: await unreadNotices(ctx.db, userId),
});

export async function readNotices(ctx: AppContext, userId: number, ids: number[] | undefined) {
  await markNoticesRead(ctx.db, userId, ids, Date.now());
  return noticeUnread(ctx, userId);
}

/** Summaries of cards the caller may see (their plan named in the reader's language), in the given order. */
export async function cardSummaries(ctx: AppContext, rows: SimCardRow[], locale: Locale) {
  const names = await planNames(ctx, rows, locale);
  return Promise.all(rows.map((r) => toSummary(ctx, r, names.get(Number(r.id)))));
}
