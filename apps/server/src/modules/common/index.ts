// The common module's public face: what other modules may use. Routes are mounted by modules/index.ts.
export * from './common.service';
