import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether this machine can start a PostgreSQL cluster of its own (initdb and postgres installed). */
export const canRunPostgres = ['initdb', 'postgres', 'pg_isready'].every((bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0);

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

// initdb and postgres refuse to run as root.
const asUser = (args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'nobody', '--', ...args]] : [args[0]!, args.slice(1)];

/**
 * A throwaway PostgreSQL cluster of this test's own, which the test may stop and start again on the same
 * port (the shared one of scripts/test-api.mjs must stay up for the other files).
 */
export async function startCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'yumi-pgc-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const [initCmd, initArgs] = asUser(['initdb', '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const init = spawnSync(initCmd, initArgs, { stdio: 'pipe' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr.toString()}`);
  const port = await freePort();
  let server: ChildProcess | null = null;

  const ready = async () => {
    for (let i = 0; i < 150; i += 1) {
      if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(port)]).status === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('PostgreSQL did not start');
  };
  const start = async () => {
    const [cmd, args] = asUser(['postgres', '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=100']);
    server = spawn(cmd, args, { stdio: 'ignore' });
    await ready();
  };
  /** Stops the postmaster at once (SIGQUIT: immediate shutdown, every connection dropped, as in a crash). */
  const stop = async () => {
    if (!server) return;
    const exited = new Promise((r) => server!.once('exit', r));
    try {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
    } catch {
      server.kill('SIGKILL');
    }
    await exited;
    server = null;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
