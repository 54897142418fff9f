import { z } from 'zod';
import type { HttpClient } from '../payments/channel';
import { ezpayPost, type EzPaySender } from './ezpay.client';
import {
  EZPAY_TRACK_FLAGS,
  EZPAY_TRACK_NOT_FOUND,
  EZPAY_TRACK_PATHS,
  EZPAY_TRACK_TYPE_GENERAL,
  EZPAY_TRACK_VERSION,
  periodOfYearTerm,
  rocYearTerm,
  sameCheckCode,
  trackCheckCode,
  trackNumber,
  type EzPayMemberCredentials,
} from './ezpay.wire';
import {
  InvoiceProviderUnavailable,
  type InvoiceTrackRegistry,
  type ProviderTrack,
  type ProviderTrackState,
  type TrackAnswer,
} from './invoice-provider';

export type EzPayTrackClientOptions = EzPayMemberCredentials & {
  baseUrl: string;
  http: HttpClient;
  now?: () => number;
};

const text = z.union([z.string(), z.number()]).transform((v) => String(v));
/** One track of an answer (ezpay.wire.ts: the fields every source shows). */
const trackSchema = z.object({
  ManagementNo: text,
  Year: text,
  Term: text,
  AphabeticLetter: text,
  StartNumber: text,
  EndNumber: text,
  LastNumber: text.optional(),
  Flag: text,
  CheckCode: text.optional(),
});
type TrackResult = z.infer<typeof trackSchema>;

const STATE_OF_FLAG: Record<string, ProviderTrackState> = {
  [EZPAY_TRACK_FLAGS.paused]: 'paused',
  [EZPAY_TRACK_FLAGS.enabled]: 'enabled',
  [EZPAY_TRACK_FLAGS.disabled]: 'disabled',
};

/**
 * ezPay's number track API (字軌管理, ezpay.wire.ts for the protocol and its sources), with the member's own
 * number and keys: register a track (createNumber), list a period's (searchNumber), enable, pause or disable
 * one by its ManagementNo (manageNumber). Answers are checked: each track's CheckCode (required on a
 * registration, checked wherever one comes), and that a registration's answer is about the range asked.
 */
export function createEzPayTrackClient(o: EzPayTrackClientOptions): InvoiceTrackRegistry {
  const now = o.now ?? Date.now;
  const sender: EzPaySender = { ...o, idField: 'CompanyID_', id: o.companyId, block: 32 };
  const head = () => ({
    RespondType: 'JSON',
    Version: EZPAY_TRACK_VERSION,
    TimeStamp: String(Math.floor(now() / 1000)),
  });

  /** A track of an answer as ours, after its CheckCode (when `required`, or whenever it has one). */
  function trackOf(path: string, raw: TrackResult, required: boolean): ProviderTrack {
    if (raw.CheckCode !== undefined || required) {
      const expected = trackCheckCode({ ...raw, CompanyId: o.companyId }, o);
      if (!sameCheckCode(raw.CheckCode ?? '', expected))
        throw new InvoiceProviderUnavailable(`ezPay ${path}: CheckCode does not match`);
    }
    const period = periodOfYearTerm(raw.Year, raw.Term);
    const state = STATE_OF_FLAG[raw.Flag];
    if (!period || !state || !/^\d{8}$/.test(raw.StartNumber) || !/^\d{8}$/.test(raw.EndNumber))
      throw new InvoiceProviderUnavailable(`ezPay ${path}: unreadable track`);
    return {
      ref: raw.ManagementNo,
      period,
      prefix: raw.AphabeticLetter,
      start: Number(raw.StartNumber),
      end: Number(raw.EndNumber),
      left: Number(raw.LastNumber ?? 0),
      state,
    };
  }

  function parsed<T>(path: string, schema: z.ZodType<T>, result: unknown): T {
    const r = schema.safeParse(result);
    if (!r.success) throw new InvoiceProviderUnavailable(`ezPay ${path}: unreadable Result`);
    return r.data;
  }

  return {
    name: 'ezpay',
    async list(period) {
      const path = EZPAY_TRACK_PATHS.search;
      const a = await ezpayPost(sender, path, { ...head(), ...rocYearTerm(period) });
      if (a.refusal) return a.refusal.code === EZPAY_TRACK_NOT_FOUND ? { ok: true, tracks: [] } : a.refusal;
      const list = parsed(path, z.array(trackSchema), a.result);
      return { ok: true, tracks: list.map((r) => trackOf(path, r, false)) };
    },
    async register(t): Promise<TrackAnswer> {
      const path = EZPAY_TRACK_PATHS.create;
      const a = await ezpayPost(sender, path, {
        ...head(),
        ...rocYearTerm(t.period),
        AphabeticLetter: t.prefix,
        StartNumber: trackNumber(t.start),
        EndNumber: trackNumber(t.end),
        Type: EZPAY_TRACK_TYPE_GENERAL,
      });
      if (a.refusal) return a.refusal;
      const track = trackOf(path, parsed(path, trackSchema, a.result), true);
      if (
        track.period !== t.period ||
        track.prefix !== t.prefix ||
        track.start !== t.start ||
        track.end !== t.end
      )
        throw new InvoiceProviderUnavailable(`ezPay ${path}: the answer is about another track`);
      return { ok: true, track };
    },
    async setState(t): Promise<TrackAnswer> {
      const path = EZPAY_TRACK_PATHS.manage;
      const a = await ezpayPost(sender, path, {
        ...head(),
        ManagementNo: t.ref,
        Year: rocYearTerm(t.period).Year,
        Flag: EZPAY_TRACK_FLAGS[t.state],
      });
      if (a.refusal) return a.refusal;
      const track = trackOf(path, parsed(path, trackSchema, a.result), false);
      if (track.ref !== t.ref)
        throw new InvoiceProviderUnavailable(`ezPay ${path}: the answer is about another track`);
      return { ok: true, track };
    },
  };
}
