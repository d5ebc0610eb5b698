export * from './common';
export * from './auth';
export * from './lookups';
export * from './help';
export * from './routes';
