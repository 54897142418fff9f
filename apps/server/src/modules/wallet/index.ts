// The wallet module's public face: balances and pages of the ledger (wallet and points). Postings that move
// an order's money are ./commands.ts, for flows/ only.
export { ledgerBalance, ledgerPage, adjustLedger, type LedgerType } from './wallet.service';
export { entrySum, findEntryByKey } from './wallet.repository';
