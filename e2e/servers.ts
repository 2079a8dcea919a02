import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

// Servers of a test's own, beside the shared one of playwright.config.ts: for settings the shared one
// must not have, or to stop and start a server.

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** How long a fresh server may take to answer: it migrates a new embedded database first, which took 57 s on a
 * 2-core machine at load 20 (about 5 s when quiet). The running test's own timeout grows by as much. */
const STARTUP_BOUND_MS = 240_000;

/** A server of our own (the shared one must stay up for the other tests), on a fresh data directory. */
export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  test.info().setTimeout(test.info().timeout + STARTUP_BOUND_MS);
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A server that dies while starting fails the test at once, with what it said, instead of at the bound.
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const died = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} while starting:\n${stderr}`))),
  );
  const healthy = expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status ?? 0, { timeout: STARTUP_BOUND_MS })
    .toBe(200);
  healthy.catch(() => undefined); // if it died first, the poll's own later failure is not news
  await Promise.race([healthy, died]);
  died.catch(() => undefined); // once healthy, a later exit is the test's business (stopServer waits for it)
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

