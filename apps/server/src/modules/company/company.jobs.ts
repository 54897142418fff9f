import type { AppContext } from '../../context';
import type { RetriedJob, ScheduledJob } from '../../jobs/runner';
import { ESIM_DELIVERED_JOB, type EsimDeliveredJob } from '../simcard';
import { assignFleetCards } from './company-fleet.service';
import { INVITE_SEND_JOB, INVITE_SEND_MAX_ATTEMPTS, type InviteSendJob } from './company-invite.service';
import { ASSIGN_JOINED_JOB, sendInviteJob, type AssignJoinedJob } from './company-members.service';

/** The company module's jobs, registered by jobs/index.ts. */
export const companyJobs = (
  ctx: AppContext,
): {
  assign: ScheduledJob;
  delivered: RetriedJob<EsimDeliveredJob>;
  joined: RetriedJob<AssignJoinedJob>;
  invite: RetriedJob<InviteSendJob>;
} => ({
  invite: {
    kind: INVITE_SEND_JOB,
    maxAttempts: INVITE_SEND_MAX_ATTEMPTS,
    // 30 s, 1 min, 2 min ... a gateway down for about half an hour is ridden out
    backoffMs: (attempt) => Math.min(2 ** attempt * 15_000, 600_000),
    run: async (job) => {
      await sendInviteJob(ctx, job);
    },
  },
  // a line's eSIMs were just bound (enqueued in that transaction): a batch's go to its travellers now; an
  // order that is no batch has no travellers and nothing happens
  delivered: {
    kind: ESIM_DELIVERED_JOB,
    run: async ({ orderId }) => {
      await assignFleetCards(ctx, { orderId });
    },
  },
  // a member joined (enqueued in that transaction): the travellers now theirs get their cards at once
  joined: {
    kind: ASSIGN_JOINED_JOB,
    run: async ({ userId }) => {
      await assignFleetCards(ctx, { userId });
    },
  },
  assign: {
    name: 'company.assign',
    // COMPANY_ASSIGN_SECONDS (a minute by default): the backstop for a run cut short
    everyMs: ctx.config.company.assignSeconds * 1000,
    run: async () => {
      await assignFleetCards(ctx);
    },
  },
});
