import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import IORedis from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from './helpers';
import { fakeSdWebui, type FakeServer } from './image-fakes';
import { canRunPostgres, startCluster } from './pg-cluster';
import { canRunRedis, startRedis } from './redis-server';
import { startS3Server } from './s3-server';
import { startServerProcess, type ServerProcess } from './server-process';

// Two real server processes on one PostgreSQL and one S3 server, as behind a load balancer: whatever one
// process did, the other sees. It starts its own cluster, so it runs once (in the PGlite pass).

const HEARTBEAT_SECONDS = 1;
/** A dead process's job is failed after 6 missed heartbeats, found by a sweep that runs every 2 s. */
const STALE_BOUND_MS = (6 * HEARTBEAT_SECONDS + 2) * 1000;

describe.skipIf(!canRunPostgres || !!process.env.TEST_DATABASE_URL)('two server processes, one PostgreSQL, one S3', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let dropDb: () => Promise<void>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let sd: FakeServer;
  let env: Record<string, string>;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  /** Two more on the same database whose live documents meet through Redis (REDIS_URL) instead. */
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  let c: ServerProcess;
  let d: ServerProcess;

  const start = async (extra: Record<string, string> = {}) => {
    // Its own DATA_DIR each, as on separate machines: nothing may travel through the local disk.
    const dataDir = mkdtempSync(join(tmpdir(), 'yumi-scale-'));
    dataDirs.push(dataDir);
    const server = await startServerProcess({ ...env, ...extra, DATA_DIR: dataDir });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    cluster = await startCluster();
    const db = await createThrowawayDatabase(cluster.url, 'yumi_scale');
    dropDb = db.drop;
    s3 = await startS3Server();
    sd = await fakeSdWebui();
    env = {
      DATABASE_URL: db.url,
      ...s3.env,
      SD_WEBUI_URL: sd.url,
      IMAGE_JOB_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      API_RATE_LIMIT_PER_MINUTE: '100000',
      EXPENSIVE_RATE_LIMIT_PER_MINUTE: '1000',
    };
    [a, b] = await Promise.all([start(), start()]);
    if (canRunRedis) {
      redis = await startRedis();
      [c, d] = await Promise.all([start({ REDIS_URL: redis.url }), start({ REDIS_URL: redis.url })]);
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await redis?.stop();
    await sd?.close();
    await s3?.close();
    await dropDb?.();
    await cluster?.destroy();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });

  const call = async (server: ServerProcess, path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${server.base}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  };
  let n = 0;
  const signUp = async (server: ServerProcess) => {
    n += 1;
    const res = await call(server, '/api/auth/signup', { method: 'POST', body: { email: `scale${n}@example.com`, username: `scale${n}`, password: 'secret123' } });
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; user: { id: string } };
  };
  /** Reads a job's event stream until its done event. */
  const followJob = async (server: ServerProcess, token: string, jobId: string) => {
    const res = await fetch(`${server.base}/api/anime-chara-helper/jobs/${jobId}/events`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
    expect(res.status).toBe(200);
    const events: { type: string; job: { status: string; progress: number; results: { url: string }[] } }[] = [];
    let text = '';
    for await (const chunk of res.body!) {
      text += Buffer.from(chunk).toString('utf8');
      const parts = text.split('\n\n');
      text = parts.pop()!;
      for (const part of parts) if (part.startsWith('data: ')) events.push(JSON.parse(part.slice(6)));
      if (events.at(-1)?.type === 'done') break;
    }
    return events;
  };
  /** Polls until `check` holds (bounded); answers how long it took. */
  const until = async (check: () => Promise<boolean>, boundMs: number) => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > boundMs) throw new Error(`not within ${boundMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return Date.now() - started;
  };
  /** A standard Hocuspocus client (the web app's) on one process's /api/collab. */
  const liveClient = (server: ServerProcess, documentId: string, token: string) => {
    const provider = new HocuspocusProvider({
      websocketProvider: new HocuspocusProviderWebsocket({ url: `${server.base.replace('http', 'ws')}/api/collab`, maxAttempts: 1 }),
      name: documentId,
      token,
    });
    provider.attach();
    const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
    return { provider, text: provider.document.getText('content'), synced };
  };

  it('both are ready; a session made on A works on B', async () => {
    for (const s of [a, b]) expect((await call(s, '/api/health/ready')).status).toBe(200);
    const { token, user } = await signUp(a);
    const me = await call(b, '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(user.id);
  });

  it('an image uploaded on A is read on B, byte for byte, from the bucket', async () => {
    const { token } = await signUp(a);
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#c05080' } }).png().toBuffer();
    const noChange = { upscale: false, denoise: false, lineArtCleanup: false, colorCorrection: { contrast: 1, saturation: 1, bloom: 0 } };
    const made = await call(a, '/api/images/process', { method: 'POST', token, body: { image: `data:image/png;base64,${png.toString('base64')}`, postProcessing: noChange } });
    expect(made.status).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const [onA, onB] = await Promise.all([call(a, url), call(b, url)]);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('etag')).toBe(onA.headers.get('etag'));
    expect(Buffer.from(await onB.arrayBuffer()).equals(Buffer.from(await onA.arrayBuffer()))).toBe(true);
  });

  it('a generation started on B is followed to the end on A', async () => {
    const { token } = await signUp(b);
    const settings = { provider: 'procedural', width: 256, height: 320 };
    const queued = await call(b, '/api/anime-chara-helper/generate', { method: 'POST', token, body: { prompt: 'silver hair, red eyes', settings } });
    expect(queued.status).toBe(202);
    const { jobId } = (await queued.json()) as { jobId: string };
    const events = await followJob(a, token, jobId);
    const done = events.at(-1)!;
    expect(done.job.status).toBe('succeeded');
    expect(done.job.results).toHaveLength(1);
    expect((await call(a, done.job.results[0]!.url)).headers.get('content-type')).toBe('image/png');
  });

  it('a session signed out on A is refused on B at once', async () => {
    const { token } = await signUp(a);
    // B has the session in its cache.
    expect((await call(b, '/api/auth/me', { token })).status).toBe(200);
    expect((await call(a, '/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    // The revocation travels by NOTIFY: a moment, well inside the 10 s the cache would otherwise keep it.
    await until(async () => (await call(b, '/api/auth/me', { token })).status === 401, 4000);
  });

  /** Two processes edit one document live: text, cursors, a large paste and a late joiner all converge. */
  const editLiveOnBoth = async (a: ServerProcess, b: ServerProcess, whileOpen: (documentId: string) => Promise<void> = async () => {}) => {
    const owner = await signUp(a);
    const editor = await signUp(b);
    const made = await call(a, '/api/documents', { method: 'POST', token: owner.token, body: { kind: 'report', title: 'Two processes', content: 'Intro. ' } });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const editorEmail = `scale${n}@example.com`;
    const shared = await call(a, `/api/documents/${id}/shares`, { method: 'POST', token: owner.token, body: { email: editorEmail, role: 'editor' } });
    expect(shared.status).toBe(201);

    const onA = liveClient(a, id, owner.token);
    const onB = liveClient(b, id, editor.token);
    await Promise.all([onA.synced, onB.synced]);
    onA.provider.setAwarenessField('user', { name: 'owner' });
    onA.text.insert(onA.text.length, 'From A.');
    onB.text.insert(0, 'From B. ');
    await until(async () => onA.text.toString() === onB.text.toString() && onA.text.length === 'From B. Intro. From A.'.length, 5000);
    // A's cursor reached B's client through B's process.
    await until(async () => [...onB.provider.awareness!.getStates().values()].some((s) => (s.user as { name?: string } | undefined)?.name === 'owner'), 5000);

    // Larger than a NOTIFY payload: over LISTEN/NOTIFY parked in collab_relay and read by B from there.
    const paste = ' Methods:' + ' the sample was stirred for ten minutes.'.repeat(400);
    onA.text.insert(onA.text.length, paste);
    await until(async () => onB.text.length === onA.text.length, 5000);
    expect(onB.text.toString()).toBe(onA.text.toString());

    // A document open only on A, typed into without a pause (so A keeps deferring its store): an editor who
    // opens it on B meanwhile loads a stale stored state, and A's process sends it what it lacks.
    const second = await call(a, '/api/documents', { method: 'POST', token: owner.token, body: { kind: 'report', title: 'Typed on A', content: '' } });
    const secondId = ((await second.json()) as { id: string }).id;
    expect((await call(a, `/api/documents/${secondId}/shares`, { method: 'POST', token: owner.token, body: { email: editorEmail, role: 'editor' } })).status).toBe(201);
    const typist = liveClient(a, secondId, owner.token);
    await typist.synced;
    let late: ReturnType<typeof liveClient> | undefined;
    for (let i = 0; i < 30; i += 1) {
      typist.text.insert(typist.text.length, String(i % 10));
      if (i === 5) late = liveClient(b, secondId, editor.token);
      await new Promise((r) => setTimeout(r, 50));
    }
    await late!.synced;
    await until(async () => late!.text.toString() === typist.text.toString(), 5000);

    // Whichever process stores last, the stored text is the converged one.
    const storedOn = async (s: ServerProcess) => ((await (await call(s, `/api/documents/${id}`, { token: owner.token })).json()) as { content: string }).content;
    await until(async () => (await storedOn(a)) === onA.text.toString() && (await storedOn(b)) === onA.text.toString(), 15_000);
    await whileOpen(id);
    for (const client of [onA, onB, typist, late!]) client.provider.destroy();
  };

  it('a document edited live on A and on B (PostgreSQL LISTEN/NOTIFY): text, cursors, a large paste and a late joiner all converge', async () => {
    await editLiveOnBoth(a, b);
  }, 60_000);

  it.skipIf(!canRunRedis)('the same through Redis (REDIS_URL): both processes are subscribed to the document there, and it converges', async () => {
    const probe = new IORedis(redis!.url);
    try {
      await editLiveOnBoth(c, d, async (id) => {
        // Redis's own account of who listens: both processes, on the document's channel.
        const [, subscribers] = (await probe.pubsub('NUMSUB', `yumi:collab:${id}`)) as [string, number];
        expect(subscribers).toBe(2);
      });
    } finally {
      probe.disconnect();
    }
  }, 60_000);

  it.skipIf(!canRunRedis)('Redis gone: what is typed live is still stored (the store never waits for Redis)', async () => {
    const owner = await signUp(c);
    const made = await call(c, '/api/documents', { method: 'POST', token: owner.token, body: { kind: 'report', title: 'Outage', content: 'Before. ' } });
    const { id } = (await made.json()) as { id: string };
    const client = liveClient(c, id, owner.token);
    await client.synced;
    await redis!.stop();
    client.text.insert(client.text.length, 'Typed while Redis was away.');
    const stored = async () => ((await (await call(c, `/api/documents/${id}`, { token: owner.token })).json()) as { content: string }).content;
    await until(async () => (await stored()) === 'Before. Typed while Redis was away.', 15_000);
    client.provider.destroy();
  }, 30_000);

  it('kill -9 of the process running a job: the other fails it within the heartbeat bound and gives the trial back', async () => {
    // Only B runs while the job is claimed, so B is the one that holds it.
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    sd.behaviour = 'hang';
    const { token } = await signUp(b);
    const queued = await call(b, '/api/anime-chara-helper/generate', { method: 'POST', token, body: { prompt: 'a hanging provider', settings: { provider: 'sd-webui', width: 256, height: 320 } } });
    expect(queued.status).toBe(202);
    const { jobId } = (await queued.json()) as { jobId: string };
    await until(async () => sd.requests.some((r) => r.path === '/sdapi/v1/txt2img'), 30_000);
    const trials = async (s: ServerProcess) => ((await (await call(s, '/api/billing/image-gen-status', { token })).json()) as { freeTrialsUsed: number }).freeTrialsUsed;
    expect(await trials(b)).toBe(1);

    const a2 = await start();
    const job = async () => (await (await call(a2, `/api/anime-chara-helper/jobs/${jobId}`, { token })).json()) as { status: string };
    expect((await job()).status).toBe('running');
    b.child.kill('SIGKILL');
    // The bound, and a little for a loaded machine.
    const took = await until(async () => (await job()).status === 'failed', STALE_BOUND_MS + 4000);
    console.log(`[scale-out] job of the killed process failed by the other after ${took} ms (bound ${STALE_BOUND_MS} ms)`);
    await b.exited;
    expect(await trials(a2)).toBe(0);
    expect((await call(a2, '/api/health/ready')).status).toBe(200);
    // Three processes start and a provider call is awaited before the clock that matters (kill to failed,
    // bounded above) starts: on a loaded 2-core machine that setup alone can take most of a minute.
  }, 180_000);
});
