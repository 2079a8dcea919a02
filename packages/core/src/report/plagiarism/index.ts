// The plagiarism check's text rules. Kept off the '@yumi/core' index on purpose: the folding tables
// (confusables, stop words, synonym classes) are server-side data the web bundle must not carry.
export * from './fold';
export * from './exclusions';
export * from './score';
