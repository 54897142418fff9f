// Test fixtures: tests fund buyers straight through the ledger.
export { postEntry } from './wallet.service';
