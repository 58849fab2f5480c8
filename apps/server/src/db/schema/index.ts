export * from './security';
export * from './menu';
