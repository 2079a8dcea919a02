import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';

/** POSTs a chat message and resolves with the SSE body once the answer ends; `onFirst` runs at the first chunk. */
function chat(base: string, onFirst: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ message: 'How do I add a chart?', context: { provider: 'local', model: 'yumi-local', personality: 'teacher', mode: 'main' } });
    const req = request(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        if (!body) onFirst();
        body += chunk.toString();
      });
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

it('SIGTERM lets an answer in progress finish, then exits cleanly and accepts nothing new', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yumi-shutdown-'));
  // Words go out 40 ms apart, so the answer is still streaming when the signal arrives.
  const { DATABASE_URL: _shared, ...inherited } = process.env; // Its own embedded database, whatever the suite uses.
  const env = { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', AI_LOCAL_WORD_DELAY_MS: '40' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: join(import.meta.dirname, '..'), env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
      createInterface({ input: server.stdout! }).on('line', (line) => {
        const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
        if (url) resolve(url);
      });
    });
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const body = await chat(base, () => server.kill('SIGTERM'));
    // The whole answer arrived, ending with its done event.
    expect(body).toContain('Chart Generator');
    expect(body).toContain('"type":"done"');
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  } finally {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
