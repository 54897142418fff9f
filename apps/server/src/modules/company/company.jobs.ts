import type { AppContext } from '../../context';
import type { ScheduledJob } from '../../jobs/runner';
import { assignFleetCards } from './company-fleet.service';

/** How often delivered batches' eSIMs are handed to their travellers (a minute: the delivery itself takes longer). */
export const COMPANY_ASSIGN_EVERY_MS = 60_000;

/** The company module's jobs, registered by jobs/index.ts. */
export const companyJobs = (ctx: AppContext): { assign: ScheduledJob } => ({
  assign: {
    name: 'company.assign',
    everyMs: COMPANY_ASSIGN_EVERY_MS,
    run: async () => {
      await assignFleetCards(ctx);
    },
  },
});
