export * from './security';
export * from './menu';
export * from './cms';
