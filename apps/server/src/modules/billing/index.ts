/** The billing module as the rest of the server sees it: other modules and app.ts import only from here. */
export { hasImageGenAccess } from './access';
export { grantIn, release, reserve, revokeIn, settle } from './ledger';
export * as ledger from './ledger';
export { billingRoutes } from './routes';
export { recordTokenUsage } from './usage';
