/** The connections module as the rest of the server sees it: other modules and app.ts import only from here. */
export { connectionRoutes } from './routes';
export { llmSetup } from './service';
