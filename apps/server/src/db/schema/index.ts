// Each module's tables live in their own file; migrations/ holds the SQL that creates them.
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
