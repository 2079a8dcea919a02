export * from './define';
export * from './auth';
export * from './documents';
export * from './anime';
