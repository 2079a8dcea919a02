/** The billing module as the rest of the server sees it: other modules and app.ts import only from here. */
export { hasImageGenAccess, returnImageTrialIn, takeImageTrialIn } from './access';
export { countTokens, freeTokensUsed, holdFreeTokens, settleFreeTokens } from './allowance';
export { dayOf } from './fulfilment';
export { BOOK_TABLES, entriesBySource, forfeitAllIn, getBalance, grantIn, observeLedger, release, reserve, settle } from './ledger';
export { ledgerHistory, purchaseHistory } from './repository';
export { billingRoutes } from './routes';
export { recordTokenUsage } from './usage';
