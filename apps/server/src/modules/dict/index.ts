// The dictionary module's public face: what other modules may use. Routes are mounted by modules/index.ts.
export * from './dict.service';
export { findDictItems, findDictTypes, type DictItemRow, type DictTypeRow } from './dict.repository';
