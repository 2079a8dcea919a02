/** The documents module as the rest of the server sees it: other modules and app.ts import only from here. */
export { documentHashes, documentsByIds, documentsPage, documentTitles, searchDocuments, topHashtags } from './repository';
export { documentRoutes } from './routes';
export { sharingRoutes } from './sharing-routes';
export { documentOwner, memberIds } from './sharing-repository';
export { ACCESS_CHANGED_CHANNEL, announceCommentsChange, COMMENTS_CHANGED_CHANNEL, documentRole } from './access';
export { documentLink } from './sharing-service';
export { documentText, storeLiveText } from './live-text';
