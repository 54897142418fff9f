// The wallet module's public face: the ledger (wallet and points) other modules post to.
export {
  postEntry,
  entryByKey,
  ledgerBalance,
  ledgerPage,
  adjustLedger,
  type Posting,
  type Posted,
  type LedgerType,
} from './wallet.service';
export { entrySum } from './wallet.repository';
