export * from './envelope';
export * from './paging';
export * from './menu';
export * from './auth';
export * from './messages/index';
export * from './ipPolicy';
export * from './formatIssue';
