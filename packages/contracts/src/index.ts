export * from './constants';
export * from './errors';
export * from './envelope';
export * from './auth';
export * from './user';
export * from './common';
export * from './validators';
export * from './admin';
