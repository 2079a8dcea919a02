/** The ai module as the rest of the server sees it: other modules and app.ts import only from here. */
export { archivesPage } from './repository';
export { aiRoutes } from './routes';
