import type { AppContext } from '../../context';
import type { RetriedJob, ScheduledJob } from '../../jobs/runner';
import {
  DELIVERY_MAX_ATTEMPTS,
  deliverLine,
  giveUpLine,
  SIM_DELIVERY_JOB,
  type SimDeliveryJob,
} from './simcard-delivery.service';
import { refreshUsage, USAGE_REFRESH_JOB } from './simcard-usage.service';
import { CATALOGUE_SYNC_JOB, syncCatalogue } from './simcard-sync.service';
import {
  ESIM_MAIL_JOB,
  ESIM_MAIL_MAX_ATTEMPTS,
  sendEsimMail,
  type EsimMailJob,
} from './simcard-mail.service';

/** The simcard module's jobs: eSIM/top-up delivery and the eSIM e-mail (retried), usage refresh and catalogue sync (scheduled). */
export function simcardJobs(ctx: AppContext): {
  delivery: RetriedJob<SimDeliveryJob>;
  mail: RetriedJob<EsimMailJob>;
  usage: ScheduledJob;
  sync: ScheduledJob;
} {
  return {
    delivery: {
      kind: SIM_DELIVERY_JOB,
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
      // 2 s, 4 s, 8 s ... at most 10 minutes: a partner outage of about half an hour is ridden out
      backoffMs: (attempt) => Math.min(2 ** attempt * 1000, 600_000),
      run: ({ orderLineId }) => deliverLine(ctx, orderLineId),
      onGiveUp: ({ orderLineId }, err) => giveUpLine(ctx, orderLineId, err),
    },
    mail: {
      kind: ESIM_MAIL_JOB,
      maxAttempts: ESIM_MAIL_MAX_ATTEMPTS,
      // 30 s, 1 min, 2 min ... an SMTP relay down for about half an hour is ridden out
      backoffMs: (attempt) => Math.min(2 ** attempt * 15_000, 600_000),
      run: async ({ deliveryId }) => {
        await sendEsimMail(ctx, deliveryId);
      },
    },
    usage: {
      name: USAGE_REFRESH_JOB,
      everyMs: ctx.config.simcard.usageRefreshMinutes * 60_000,
      run: () => refreshUsage(ctx),
    },
    sync: {
      name: CATALOGUE_SYNC_JOB,
      everyMs: ctx.config.simcard.syncMinutes * 60_000,
      run: () => syncCatalogue(ctx),
    },
  };
}
