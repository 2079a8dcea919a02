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

it('SIGTERM lets an answer and a PDF export in progress finish, then exits cleanly and accepts nothing new', async () => {
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
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bye@example.com', username: 'bye', password: 'secret123' }) });
    const { token } = (await signup.json()) as { token: string };
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    // A PDF export on the worker pool (seconds of layout) is under way when the signal arrives, beside the answer.
    const exporting = fetch(`${base}/api/report/export/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ markdown: `# Sequence\n\n${'ACGT'.repeat(12_500)}` }),
    }).then(async (res) => ({ status: res.status, pdf: Buffer.from(await res.arrayBuffer()), at: performance.now() }));
    let signalledAt = Infinity;
    const body = await chat(base, () => {
      signalledAt = performance.now();
      server.kill('SIGTERM');
    });
    // The whole answer arrived, ending with its done event.
    expect(body).toContain('Chart Generator');
    expect(body).toContain('"type":"done"');
    // So did the whole PDF, finished by the worker thread after the signal.
    const exported = await exporting;
    expect(exported.status).toBe(200);
    expect(exported.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(exported.pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(exported.at).toBeGreaterThan(signalledAt);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  } finally {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
