/** The storage module as the rest of the server sees it: other modules and app.ts import only from here. */
export { storageRoutes } from './routes';
export { assertStorageLeft, enforceQuota } from './service';
