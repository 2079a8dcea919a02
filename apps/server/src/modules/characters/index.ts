/** The characters module as the rest of the server sees it: other modules and app.ts import only from here. */
export { characterIdsOf, findCharacter, findVersion, versionIdsOf } from './repository';
export { characterRoutes } from './routes';
