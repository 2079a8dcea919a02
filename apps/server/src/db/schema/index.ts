// The one source of the database's shape: each module's tables in their own file. `npm run db:generate` turns a
// change here into the next migrations/NNNN_*.sql (drizzle-kit; see docs/operations.md, "Adding a migration").
// Descending index columns say .desc().nullsFirst(), PostgreSQL's own default, which drizzle-kit would
// otherwise write as NULLS LAST (a different index from the baseline's).
export * from './accounts';
export * from './billing';
export * from './preferences';
export * from './documents';
export * from './report';
export * from './ai';
export * from './images';
export * from './characters';
export * from './blobs';
export * from './login-throttle';
export * from './account-mail';
export * from './llm-connections';
export * from './collab';
export * from './comments';
export * from './history';
