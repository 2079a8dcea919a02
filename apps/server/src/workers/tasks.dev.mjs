// The CPU pool's worker when the server runs from its TypeScript sources (tests, `npm run dev`): worker
// threads have no TypeScript loader of their own, so register tsx here, then load the real worker module.
// The built server bundles the worker instead (dist/workers/tasks.js, see build.mjs).
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./tasks.ts');
export default runTask;
