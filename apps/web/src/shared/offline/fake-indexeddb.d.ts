// fake-indexeddb's "./auto" export names no types (its exports map has only import/require), so a clean
// type check refuses the side-effect import the IndexedDB tests use to install it globally.
declare module 'fake-indexeddb/auto';
