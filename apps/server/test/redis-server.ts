import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort } from './pg-cluster';

/** Whether this machine has a Redis server to start (`.ci/run` installs Debian's redis-server). */
export const canRunRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

/** A throwaway Redis of this test's own on a free loopback port, in memory only (no RDB or AOF file). */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    void exited.then(() => reject(new Error('redis-server exited before it was ready')));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
