// citeproc-js builds an engine from a whole CSL style (up to two seconds for Chicago) and formats every
// citation of the report: all of it runs here, off the main thread.
import { renderCitations } from '@yumi/core/report/csl';
import { expose } from 'comlink';

const api = { renderCitations };
export type CitationWorker = typeof api;
expose(api);
