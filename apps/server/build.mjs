// Bundles the server and the workspace packages into dist/main.js; npm dependencies stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  // The CPU pool's worker thread is its own entry (src/workers/pool.ts finds it there); tracing is loaded
  // before main with `node --import` (src/telemetry.ts).
  entryPoints: { main: 'src/main.ts', telemetry: 'src/telemetry.ts', 'workers/tasks': 'src/workers/tasks.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
