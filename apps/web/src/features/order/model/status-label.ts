/**
 * The translation key of an order's status as the buyer reads it: an eSIM order (one the plan partner
 * delivers, `delivery` set) waits in 1 for its cards, which is not "pending shipment" but "eSIM on its way".
 */
export const statusKey = (status: number, delivery: string | null | undefined) =>
  status === 1 && delivery ? 'status.esimDelivering' : `status.${status}`;
