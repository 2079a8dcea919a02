/** The anime-refs module as the rest of the server sees it: other modules and app.ts import only from here. */
export { animeRefsRoutes } from './routes';
