// Report Helper rules shared by the web app and the server. Citation formatting (citation-js) lives in
// ./citations and is imported on its own path so that code stays out of bundles that do not need it.
export * from './winnowing';
export * from './chart';
export * from './document';
export * from './references';
export * from './latex';
export * from './api';
export * from './csl/rich';
