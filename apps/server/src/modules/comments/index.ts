/** The comments module as the rest of the server sees it: comment threads on shared documents (issue 32). */
export { commentRoutes } from './routes';
export { commentsByAuthor } from './repository';
