/** The art module as the rest of the server sees it: other modules and app.ts import only from here. */
export { countArtworks } from './repository';
export { artRoutes } from './routes';
export { listReferenceArtworks } from './service';
