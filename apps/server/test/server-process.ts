import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Settings of the test's environment that must not leak into a server child (it gets its own). */
const OWN = /^(DATABASE_URL|TEST_DATABASE_URL|DATA_DIR|S3_\w+)$/;

/**
 * Starts `src/main.ts` as a real server process on a free loopback port and answers once it listens. It
 * reads only `env` on top of the test's environment (minus any database or storage settings); `preload`
 * files are loaded first with `--import`, as `npm start` loads the tracing setup.
 */
export function startServerProcess(env: Record<string, string>, options: { preload?: string[] } = {}): Promise<ServerProcess> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN.test(k)));
  const preload = (options.preload ?? []).flatMap((file) => ['--import', file]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise<ServerProcess>((resolve, reject) => {
    void exited.then((code) => reject(new Error(`server exited early with ${code}`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url) resolve({ base: url, child, exited });
    });
  });
}
