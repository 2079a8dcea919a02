import { expect } from '@playwright/test';
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

/** A server of our own (the shared one must stay up for the other tests), on a fresh data directory. */
export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  await expect
    // A fresh embedded database runs every migration first: on a loaded 2-core runner that took over 30 s.
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000 })
    .toBe(200);
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

