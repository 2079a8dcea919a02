export { LiveDocumentEditor } from './LiveDocumentEditor';
export type { LiveEditorApi } from './LiveEditor';
export { LiveNotice } from './LiveNotice';
export { PresenceList } from './PresenceList';
export { useLiveDocument } from './useLiveDocument';
