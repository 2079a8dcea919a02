/** The collab module as the rest of the server sees it: live co-editing at /api/collab (issue 32). */
export { LiveDocuments, TEXT_FIELD } from './live-documents';
export { CLOSE, UPGRADE_REQUIRED } from './close-codes';
