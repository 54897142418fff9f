import type { AdminInvoiceTrack, Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { TrackRegistration } from '../../db/schema';
import type { RetriedJob } from '../../jobs/runner';
import { fail } from '../../platform/errors';
import { t } from '../../platform/messages';
import {
  InvoiceProviderUnavailable,
  type ProviderTrack,
  type Refusal,
} from '../../providers/invoice/invoice-provider';
import {
  addTrack,
  enqueueTrackRegistration,
  findTrack,
  INVOICE_TRACK_REGISTER_JOB,
  listTracks,
  moveRegistration,
  type TrackRow,
} from './invoice.tracks';

// Number tracks (字軌) as operators load them, and their registration with the e-invoice service (issue 28,
// tracks). ezPay numbers invoices only from the tracks registered with it. With the member's credentials
// configured (ctx.providers.invoiceTracks), a loaded track is registered through ezPay's number track API by a
// retried job, run at once after the load commits (never the network inside the transaction): it asks ezPay
// for the period's tracks first (an earlier try, or an operator on ezPay's site, may have registered it
// already: that one is taken), registers it otherwise, and enables it when no track of its period is enabled
// there (ezPay enables one track per period and moves to the next paused one by itself when it is used up).
// A refusal leaves the track loaded and `failed` with ezPay's reason; ezPay out of reach too, and the job
// tries again by itself; operators retry either. Without those credentials tracks are `manual`: operators
// register each on ezPay's site by hand, as before.

/** Tries at registering a track while ezPay cannot be reached (backoff doubling from 1 s to about 2 min). */
const REGISTER_MAX_ATTEMPTS = 8;
/** How an unreachable ezPay is stored in `registration_error` (said in the operator's language when read). */
const UNREACHABLE = 'track.unreachable';

/** A stored registration error in the operator's language when it is ours, else as ezPay said it. */
function registrationError(locale: Locale, e: string | null) {
  if (e === null) return null;
  return e.startsWith(`${UNREACHABLE}: `)
    ? t(locale, UNREACHABLE, { detail: e.slice(UNREACHABLE.length + 2) })
    : e;
}

function trackView(locale: Locale, r: TrackRow & { recorded?: number | string | null }): AdminInvoiceTrack {
  const recorded = Number(r.recorded ?? 0);
  return {
    id: Number(r.id),
    period: r.period,
    prefix: r.prefix,
    start: Number(r.start_no),
    end: Number(r.end_no),
    next: Number(r.next_no),
    left: Math.max(0, Number(r.end_no) + 1 - Number(r.next_no)),
    recorded,
    skipped: Math.max(0, Number(r.next_no) - Number(r.start_no) - recorded),
    registration: r.registration,
    registrationError: registrationError(locale, r.registration_error),
    managementNo: r.provider_ref,
    providerState: r.provider_state,
  };
}

/** The loaded tracks with their registration, and whether loading one registers it with ezPay. */
export async function trackList(ctx: AppContext, locale: Locale) {
  return {
    list: (await listTracks(ctx.db)).map((r) => trackView(locale, r)),
    autoRegister: ctx.providers.invoiceTracks !== null,
  };
}

async function trackOf(ctx: AppContext, locale: Locale, id: number) {
  const row = (await listTracks(ctx.db, id)).at(0) ?? fail('INVOICE_TRACK_NOT_FOUND');
  return trackView(locale, row);
}

/** Loads a track an operator typed in and, when ezPay's member is configured, registers it there at once. */
export async function loadTrack(
  ctx: AppContext,
  adminId: number,
  locale: Locale,
  tr: { period: string; prefix: string; start: number; end: number },
) {
  const byApi = ctx.providers.invoiceTracks !== null;
  const { id, jobId } = await addTrack(ctx.db, tr, adminId, Date.now(), byApi ? 'pending' : 'manual');
  if (jobId !== null) await ctx.jobs.runJob(jobId);
  return trackOf(ctx, locale, id);
}

/**
 * Registers a track with ezPay again: one that failed, or one loaded by hand (ezPay's copy is found and
 * taken when an operator registered it there). A registered one is answered as it is.
 */
export async function retryTrackRegistration(ctx: AppContext, locale: Locale, id: number) {
  if (!ctx.providers.invoiceTracks) fail('INVOICE_TRACK_REGISTRATION_OFF');
  const row = (await findTrack(ctx.db, id)) ?? fail('INVOICE_TRACK_NOT_FOUND');
  if (row.registration !== 'registered') {
    const at = Date.now();
    const jobId = await ctx.db.transaction().execute(async (trx) => {
      await moveRegistration(trx, id, ['manual', 'failed', 'pending'], { registration: 'pending' }, at);
      return enqueueTrackRegistration(trx, id, at, `retry:${at}`);
    });
    await ctx.jobs.runJob(jobId);
  }
  return trackOf(ctx, locale, id);
}

const sameRange = (a: ProviderTrack, b: TrackRow) =>
  a.period === b.period &&
  a.prefix === b.prefix &&
  a.start === Number(b.start_no) &&
  a.end === Number(b.end_no);

/**
 * One try at registering a track (the job's run): see the top of this file. Returns the registration it
 * ended in; throws (to be retried) when ezPay cannot be reached, after recording why.
 */
export async function registerTrack(ctx: AppContext, trackId: number) {
  const registry = ctx.providers.invoiceTracks;
  const row = await findTrack(ctx.db, trackId);
  if (!row || !registry || !['pending', 'failed'].includes(row.registration))
    return row?.registration ?? null;
  const at = Date.now();
  const open: TrackRegistration[] = ['pending', 'failed'];
  const refused = async (r: Refusal) => {
    await moveRegistration(
      ctx.db,
      trackId,
      open,
      { registration: 'failed', registration_error: `${r.code}: ${r.message}` },
      at,
    );
    return 'failed' as const;
  };
  try {
    const listed = await registry.list(row.period);
    if (!listed.ok) return await refused(listed);
    let track = listed.tracks.find((tr) => sameRange(tr, row));
    if (!track) {
      const made = await registry.register({
        period: row.period,
        prefix: row.prefix,
        start: Number(row.start_no),
        end: Number(row.end_no),
      });
      if (!made.ok) return await refused(made);
      track = made.track;
    }
    // kept before the next call: a try after a lost answer finds the track by its range anyway
    await moveRegistration(
      ctx.db,
      trackId,
      open,
      { provider_ref: track.ref, provider_state: track.state },
      at,
    );
    const ref = track.ref;
    if (track.state === 'paused' && !listed.tracks.some((o) => o.ref !== ref && o.state === 'enabled')) {
      const on = await registry.setState({ ref, period: row.period, state: 'enabled' });
      if (!on.ok) return await refused(on);
      track = on.track;
    }
    await moveRegistration(
      ctx.db,
      trackId,
      open,
      {
        registration: 'registered',
        registration_error: null,
        provider_state: track.state,
        registered_at: at,
      },
      at,
    );
    return 'registered' as const;
  } catch (err) {
    if (err instanceof InvoiceProviderUnavailable)
      await moveRegistration(
        ctx.db,
        trackId,
        open,
        { registration: 'failed', registration_error: `${UNREACHABLE}: ${err.message}` },
        at,
      );
    throw err;
  }
}

/** The registration job, registered by jobs/index.ts. */
export function trackRegistrationJob(ctx: AppContext): RetriedJob<{ trackId: number }> {
  return {
    kind: INVOICE_TRACK_REGISTER_JOB,
    maxAttempts: REGISTER_MAX_ATTEMPTS,
    async run({ trackId }) {
      await registerTrack(ctx, trackId);
    },
  };
}
