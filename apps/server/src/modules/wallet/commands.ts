// The ledger's one write for money that crosses into an order or back: flows/ only (lint enforces it).
// Operators' adjustments stay in the wallet module (adjustLedger).
export { postEntry, entryByKey, type Posting, type Posted } from './wallet.service';
