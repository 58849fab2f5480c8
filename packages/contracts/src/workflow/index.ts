export * from './moddle';
export * from './definitions';
export * from './instances';
export * from './admin';
export * from './signature';
export * from './migration';
