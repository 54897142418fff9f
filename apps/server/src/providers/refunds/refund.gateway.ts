/**
 * How approved refunds reach the money. The payments issue implements this against each provider; until then
 * the shop records every approved refund as `pending_provider` and moves no money: an operator pays it back
 * by hand. Called from the refund job, after the order transaction commits, never inside it (it may go over
 * the network), and possibly more than once for one refund (retries): `refundId` is the idempotency key a
 * provider must be given, so a repeat never pays twice.
 */
export type RefundRequest = {
  refundId: number;
  orderId: number;
  orderNo: string;
  payWay: string;
  amount: number;
  currency: string;
};
export type RefundOutcome = { state: string; ref: string | null };

export interface RefundGateway {
  /** Sends one refund; throws when it could not be sent (the job retries it). */
  refund(req: RefundRequest): Promise<RefundOutcome>;
}

/** The stand-in: nothing is sent anywhere; the refund waits for the payments issue's provider path. */
export const pendingProviderRefunds: RefundGateway = {
  async refund() {
    return { state: 'pending_provider', ref: null };
  },
};
