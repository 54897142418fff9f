/**
 * Job kinds enqueued by one module and handled by another: the enqueuer names the kind only, so neither
 * module imports the other (no cycle). The handler registers the kind in jobs/index.ts.
 */

/** Orders one paid eSIM or top-up line from the plan partner (modules/simcard); payload SimDeliveryJob. */
export const SIM_DELIVERY_JOB = 'simcard.delivery';
export type SimDeliveryJob = { orderLineId: number };
/** One key per order line: a duplicated payment notification enqueues nothing new. */
export const simDeliveryKey = (orderLineId: number) => `${SIM_DELIVERY_JOB}:${orderLineId}`;
