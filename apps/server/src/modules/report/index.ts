/** The report module as the rest of the server sees it: other modules and app.ts import only from here. */
export { searchReportReferences, storedReportMeta } from './library';
export { reportRoutes } from './routes';
