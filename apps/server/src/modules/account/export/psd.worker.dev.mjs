// The PSD worker when the server runs from its TypeScript sources (tests, `npm run dev`); the built server
// bundles it as dist/workers/psd.js (build.mjs). Same arrangement as report/pdf.worker.dev.mjs.
import { register } from 'tsx/esm/api';

register();
const { default: versionPsd } = await import('./psd.worker.ts');
export default versionPsd;
