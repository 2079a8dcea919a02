/** The history module as the rest of the server sees it: versions of documents (issue 32). */
export { historyRoutes } from './routes';
export { recordEdit } from './service';
export { namedVersionsPage } from './repository';
