// Runs the API suite on PGlite, then again on a throwaway PostgreSQL cluster when `initdb` and `postgres`
// are installed (as a non-root user, in a temp dir, on a loopback port).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });

const vitest = ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)];
console.log('\n== API tests on PGlite ==');
let code = await run('npx', vitest);
if (code !== 0) process.exit(code);

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
if (!has('initdb') || !has('postgres')) {
  console.log('\n== PostgreSQL not installed here: API tests ran on PGlite only ==');
  process.exit(0);
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'yumi-pg-'));
chmodSync(dir, 0o777);
const asRoot = process.getuid?.() === 0;
// initdb and postgres refuse to run as root.
const asUser = (args) => (asRoot ? ['runuser', ['-u', 'nobody', '--', ...args]] : [args[0], args.slice(1)]);
const dataDir = join(dir, 'data');
const [initCmd, initArgs] = asUser(['initdb', '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
const init = spawnSync(initCmd, initArgs, { stdio: 'pipe' });
if (init.status !== 0) {
  console.error(init.stderr.toString());
  process.exit(1);
}
const port = await freePort();
const [pgCmd, pgArgs] = asUser([
  'postgres', '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
  '-c', 'fsync=off', '-c', 'max_connections=200',
]);
const server = spawn(pgCmd, pgArgs, { stdio: 'ignore' });
const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
for (let i = 0; i < 100; i += 1) {
  if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(port)]).status === 0) break;
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`\n== API tests on PostgreSQL (port ${port}) ==`);
code = await run('npx', vitest, { TEST_DATABASE_URL: url });
// runuser does not forward signals, so stop the postmaster itself (its pid heads postmaster.pid).
const exited = new Promise((r) => server.on('exit', r));
try {
  const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGINT');
} catch {
  server.kill('SIGINT');
}
await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
server.kill('SIGKILL');
rmSync(dir, { recursive: true, force: true });
process.exit(code);
