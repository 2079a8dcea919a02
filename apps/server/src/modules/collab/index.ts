/** The collab module as the rest of the server sees it: live co-editing at /api/collab (issue 32). */
export { LiveDocuments } from './live-documents';
export { UPGRADE_REQUIRED } from './close-codes';
