// Each module's tables live in their own file; migrations/ holds the SQL that creates them.
export * from './accounts';
