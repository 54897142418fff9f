// The simcard module's public face (issue 11): its jobs for the runner, and what tests and the seed use.
// Routes are mounted by modules/index.ts. flows/order-fulfilment starts deliveries through ./commands.ts.
export { simcardJobs } from './simcard.jobs';
export { ESIM_DELIVERED_JOB, type EsimDeliveredJob } from './simcard-events';
export { syncCatalogue, markedUpPrice } from './simcard-sync.service';
export { refreshUsage } from './simcard-usage.service';
export { stuckDeliveryCount } from './simcard.stats';
/** Company fleets (issue 28): the cards a company's orders bought, their views, and a card's hand-over. */
export {
  cardsOfOrders,
  cardsUnfitForTopUp,
  fleetCardViews,
  handOverCard,
  type FleetCardView,
} from './simcard-fleet.service';
