// The company module's public face (issue 28): fleets of a company account. Routes are mounted by
// modules/index.ts; a batch's order is placed by flows/company-batch through the shop's checkout.
export { companyJobs } from './company.jobs';
export {
  assertBatchClean,
  batchOfOrder,
  batchWrites,
  planBatch,
  type BatchPlan,
} from './company-bulk.service';
export { assignFleetCards } from './company-fleet.service';
export { planTopUp, type TopUpPlan } from './company-topup.service';
