import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLlm, fakeProviderConfig } from './fake-llm';
import { createThrowawayDatabase } from './helpers';
import { canRunPostgres, freePort, startCluster } from './pg-cluster';
import { startS3Server } from './s3-server';
import { startServerProcess, type ServerProcess } from './server-process';

// compose.yaml's topology without containers (CI machines have no container engine): the real Caddy runs the very
// deploy/Caddyfile the compose file mounts, in front of two server processes on one PostgreSQL and one S3 server.
// Only the addresses differ (the Caddyfile reads them from the environment, compose's names by default).
// It starts its own cluster, so it runs once (in the PGlite pass).

const caddyfile = join(import.meta.dirname, '../../../deploy/Caddyfile');
const canRunCaddy = spawnSync('sh', ['-c', 'command -v caddy']).status === 0;

describe.skipIf(!canRunCaddy || !canRunPostgres || !!process.env.TEST_DATABASE_URL)('Caddy in front of two processes, as compose.yaml runs them', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let dropDb: () => Promise<void>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let fake: FakeLlm;
  let caddy: ChildProcess;
  let caddyHome: string;
  let proxy: string;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    const db = await createThrowawayDatabase(cluster.url, 'yumi_proxy');
    dropDb = db.drop;
    s3 = await startS3Server();
    fake = await new FakeLlm().start();
    const env = { DATABASE_URL: db.url, ...s3.env, ...fakeProviderConfig(fake), TRUST_PROXY: 'true', API_RATE_LIMIT_PER_MINUTE: '100000' };
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'yumi-proxy-'));
      dataDirs.push(dataDir);
      // One after the other: both would run the migrations at once otherwise (the second waits on the lock anyway).
      servers.push(await startServerProcess({ ...env, DATA_DIR: dataDir }));
    }
    const port = await freePort();
    caddyHome = mkdtempSync(join(tmpdir(), 'yumi-caddy-'));
    caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', caddyfile], {
      env: {
        ...process.env,
        YUMI_PROXY_ADDRESS: `:${port}`,
        YUMI_UPSTREAMS: servers.map((s) => s.base.replace('http://', '')).join(' '),
        YUMI_CADDY_ADMIN: 'off',
        // Caddy keeps its autosaved config and certificates under these; not in the user's home.
        XDG_CONFIG_HOME: caddyHome,
        XDG_DATA_HOME: caddyHome,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    caddy.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    proxy = `http://127.0.0.1:${port}`;
    // Ready once it proxies a readiness probe (bounded: a Caddy that cannot start says why).
    for (let i = 0; ; i++) {
      const ok = await fetch(`${proxy}/api/health/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 300 || caddy.exitCode !== null) throw new Error(`Caddy did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    caddy?.kill('SIGKILL');
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await fake?.close();
    await s3?.close();
    await dropDb?.();
    await cluster?.destroy();
    for (const d of [...dataDirs, caddyHome]) if (d) rmSync(d, { recursive: true, force: true });
  });

  const call = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
    fetch(`${proxy}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });

  it('a session made through the proxy works on every request, whichever process takes it', async () => {
    const res = await call('/api/auth/signup', { method: 'POST', body: { email: 'proxy@example.com', username: 'proxyuser', password: 'secret123' } });
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as { token: string };
    // Round robin: six calls reach both processes three times each.
    for (let i = 0; i < 6; i++) {
      const me = await call('/api/auth/me', { token });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe('proxyuser');
    }
    // And each process, asked directly, knows the session made through the proxy.
    for (const server of servers) {
      const me = await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    }
  });

  it('server-sent events pass through at once (flush_interval -1): a word arrives while the answer is still open', async () => {
    let release!: () => void;
    fake.reset({ kind: 'ok', words: ['First', ' and the rest.'], holdAfterFirst: new Promise<void>((r) => (release = r)) });
    const res = await fetch(`${proxy}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'Hello', context: { provider: 'openai-compatible', model: 'llama3.1', personality: 'teacher', mode: 'main' } }),
    });
    expect(res.status).toBe(200);
    // The model holds the rest until we release it: a proxy that buffered would never show us "First".
    let text = '';
    const reader = res.body!.getReader();
    while (!text.includes('First')) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += Buffer.from(value!).toString('utf8');
    }
    expect(text).not.toContain('"type":"done"');
    release();
    while (!text.includes('"type":"done"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value!).toString('utf8');
    }
    expect(text).toContain('and the rest.');
  });

  it('a process killed between two probes costs no request: each is tried on the other one', async () => {
    const signup = await call('/api/auth/signup', { method: 'POST', body: { email: 'failover@example.com', username: 'failover', password: 'secret123' } });
    const { token } = (await signup.json()) as { token: string };
    servers[1]!.child.kill('SIGKILL');
    await servers[1]!.exited;
    for (let i = 0; i < 6; i++) expect((await call('/api/auth/me', { token })).status).toBe(200);
  });
});
