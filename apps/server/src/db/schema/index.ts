export * from './security';
export * from './menu';
export * from './cms';
export * from './organ';
export * from './common';
export * from './gateway';
