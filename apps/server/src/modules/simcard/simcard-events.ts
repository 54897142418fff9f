import type { Db } from '../../platform/db';
import { enqueueJob } from '../../jobs/runner';

// What the simcard module tells the others, as retried jobs enqueued in the transaction that decided it: the
// event exists exactly when the change commits, survives a crash, and runs on whichever instance polls
// first. The simcard module never knows who listens; jobs/index.ts registers the one handler of each kind.

/** A line's eSIMs were bound (applyPartnerOrder); company fleets hand them to their travellers at once. */
export const ESIM_DELIVERED_JOB = 'simcard.esim_delivered';
export type EsimDeliveredJob = { orderId: number; deliveryId: number };

/** Enqueues the event of one delivered eSIM line, due now, once per delivery (keyed by it). */
export const enqueueEsimDelivered = (trx: Db, d: { id: number; order_id: number }, at: number) =>
  enqueueJob(
    trx,
    ESIM_DELIVERED_JOB,
    { orderId: Number(d.order_id), deliveryId: Number(d.id) } satisfies EsimDeliveredJob,
    { key: `${ESIM_DELIVERED_JOB}:${Number(d.id)}`, at },
  );
