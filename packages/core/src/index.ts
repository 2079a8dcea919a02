export * from './errors';
export * from './auth';
export * from './health';
export * from './i18n';
