// Runs the API suite on PGlite and, when `initdb` and `postgres` are installed, on a throwaway PostgreSQL
// cluster (as a non-root user, in a temp dir, on a loopback port) at the same time. Vitest runs one file at a
// time per suite on a 2-core machine, so the two suites side by side use both cores instead of one after the
// other. Each suite's lines are printed with its name in front.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const vitest = ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)];

/**
 * Runs the suite with `env`, every output line prefixed with `name`; resolves to its exit code, time and
 * whether V8 itself aborted (a `# Fatal error in` from the engine, not a failed test).
 */
const runOnce = (name, env) =>
  new Promise((resolve) => {
    const started = Date.now();
    let engineCrashed = false;
    const child = spawn('npx', vitest, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (line.startsWith('# Fatal error in')) engineCrashed = true;
        console.log(`[${name}] ${line}`);
      });
    }
    child.on('exit', (code) => resolve({ name, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000), engineCrashed }));
  });

/**
 * Node 24's V8 can abort a process that creates and frees many PGlite WebAssembly instances
 * (`Check failed: jit_page_->allocations_.erase(addr) == 1`, nodejs/node#64500, electric-sql/pglite#1053;
 * no release fixes it yet). A suite the engine aborted, and only that, runs once more; a failed test never does.
 */
async function suite(name, env = {}) {
  const first = await runOnce(name, env);
  if (first.code === 0 || !first.engineCrashed) return first;
  console.log(`[${name}] V8 aborted the test process (nodejs/node#64500), not a test: running the ${name} suite once more`);
  const second = await runOnce(name, env);
  return { ...second, seconds: first.seconds + second.seconds };
}

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** A throwaway PostgreSQL cluster: its admin URL and how to stop and remove it. */
async function startPostgres() {
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
  for (let i = 0; i < 100; i += 1) {
    if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(port)]).status === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
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
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}

const postgres = has('initdb') && has('postgres') ? await startPostgres() : null;
console.log(postgres ? `\n== API tests on PGlite and on PostgreSQL (port ${postgres.port}), side by side ==` : '\n== API tests on PGlite (PostgreSQL not installed here) ==');
const runs = [suite('pglite'), ...(postgres ? [suite('postgres', { TEST_DATABASE_URL: postgres.url })] : [])];
const results = await Promise.all(runs);
await postgres?.stop();
for (const r of results) console.log(`API tests on ${r.name}: ${r.code === 0 ? 'passed' : 'FAILED'} in ${r.seconds} s`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
