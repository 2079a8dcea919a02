/** The images module as the rest of the server sees it: other modules and app.ts import only from here. */
export { decodeImageDataUrl } from './decode';
export { imageJobCounts, resultsAfter } from './repository';
export { imagesRoutes } from './routes';
