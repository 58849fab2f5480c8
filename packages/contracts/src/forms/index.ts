export * from './schema';
export * from './amount';
export * from './rules';
export * from './api';
