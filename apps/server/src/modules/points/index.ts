// The points module's public face (its ledger lives in the wallet module's ledger tables, kind `points`).
export { myPoints } from './points.service';
export { pointsQuote } from './points.rules';
