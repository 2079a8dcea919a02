// `npm run test:e2e:stress`: the whole browser suite three times over while a busy loop runs on every core,
// the way a loaded CI machine feels. It passes only if every repetition of every test passes.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const cores = availableParallelism();
const spinners = Array.from({ length: cores }, () => new Worker('for (;;) {}', { eval: true }));
const started = Date.now();
const child = spawn('npx', ['playwright', 'test', '--repeat-each=3', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', async (code, signal) => {
  await Promise.all(spinners.map((w) => w.terminate()));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\ne2e stress: ${code === 0 ? 'passed' : 'FAILED'} in ${minutes} min with ${cores} busy loop(s) beside it`);
  process.exit(code ?? (signal ? 1 : 0));
});
