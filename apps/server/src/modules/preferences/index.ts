/** The preferences module as the rest of the server sees it: other modules and app.ts import only from here. */
export { findPreferences } from './repository';
export { preferencesRoutes } from './routes';
