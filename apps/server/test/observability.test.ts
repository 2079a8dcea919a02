import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import parse, { type Family } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageJobs } from '../src/db/schema';
import { createTestApp, createThrowawayDatabase, signUp, waitForMail, type TestApp } from './helpers';
import { freePort } from './pg-cluster';
import { startServerProcess } from './server-process';

const TOKEN = 'metrics-token-0123456789';

/** Parses a scrape with a Prometheus text-format parser: a malformed exposition fails here, not silently. */
const families = (text: string): Map<string, Family> => new Map(parse(text).map((f) => [f.name, f]));

const sample = (f: Family | undefined, labels: Record<string, string>) =>
  f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('needs the token as a Bearer token, in the caller language', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x`, 'accept-language': 'ja' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toContain('METRICS_TOKEN');
    expect(wrong.json().error).toMatch(/トークン/);
    expect(wrong.body).not.toContain(TOKEN);
  });

  it('counts requests per route template and status, and reports pool, queue, mail and process state', async () => {
    const u = await signUp(t.app, 'metrics');
    await waitForMail(t, u.email);
    for (let i = 0; i < 3; i += 1) await t.app.inject({ url: '/api/auth/me', headers: u.auth });
    await t.app.inject({ url: '/api/documents/00000000-0000-0000-0000-000000000000', headers: u.auth });
    await t.app.inject({ url: '/api/no/such/route' });

    // A TEST MODE purchase: one grant of the package's 1,300,000 timeshards.
    const { purchaseId } = (await t.app.inject({ method: 'POST', url: '/api/billing/checkout/alipay', headers: u.auth, payload: { packageId: 'artist' } })).json() as { purchaseId: string };
    expect((await t.app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: u.auth, payload: { action: 'pay' } })).statusCode).toBe(200);

    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const m = families(res.body);

    const requests = m.get('yumi_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    expect(sample(requests, { method: 'GET', route: '/api/auth/me', status: '200' })?.value).toBe('3');
    expect(sample(requests, { method: 'POST', route: '/api/auth/signup', status: '201' })?.value).toBe('1');
    // The template, never the id in the URL; unknown URLs share one series.
    expect(sample(requests, { route: '/api/documents/:id', status: '404' })?.value).toBe('1');
    expect(sample(requests, { route: 'unmatched', status: '404' })?.value).toBe('1');
    expect(requests!.metrics.every((s) => !s.labels?.route?.includes('00000000'))).toBe(true);

    expect(m.get('yumi_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser keeps a histogram's buckets but drops its series' labels, so this series is read from the text.
    const meCount = res.body.split('\n').find((l) => l.startsWith('yumi_http_request_duration_seconds_count{') && l.includes('route="/api/auth/me"') && l.includes('status="200"'));
    expect(meCount?.split(' ').at(-1)).toBe('3');

    expect(sample(m.get('yumi_mail_total'), { transport: 'outbox', outcome: 'sent' })?.value).toBe('1');
    expect(sample(m.get('yumi_ledger_entries_total'), { direction: 'grant', source: 'purchase' })?.value).toBe('1');
    expect(sample(m.get('yumi_ledger_timeshards_total'), { direction: 'grant', source: 'purchase' })?.value).toBe('1300000');
    for (const name of ['yumi_worker_queue_size', 'yumi_worker_threads', 'yumi_worker_utilization_ratio']) expect(m.get(name)?.type).toBe('GAUGE');
    expect(sample(m.get('yumi_db_pool_connections'), { state: 'waiting' })?.value).toBe('0');
    expect(m.get('yumi_image_jobs')?.type).toBe('GAUGE');
    expect(sample(m.get('yumi_websocket_connections'), {})?.value).toBe('0');
    expect(Number(sample(m.get('process_resident_memory_bytes'), {})?.value)).toBeGreaterThan(10_000_000);
    expect(m.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('GAUGE');
    // Prometheus's own checker (promtool) parses the exposition and lints names, units and help texts. Its
    // only remarks may be about three of prom-client's default gauges named *_total (not ours to rename).
    const promtool = spawnSync('promtool', ['check', 'metrics'], { input: res.body, encoding: 'utf8' });
    expect(promtool.error).toBeUndefined();
    const remarks = (promtool.stdout + promtool.stderr).split('\n').filter(Boolean);
    expect(remarks.filter((r) => !/^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/.test(r))).toEqual([]);
    // The dashboard and the alert rules in deploy/ only query series this server exports; promtool checks the rules.
    const deploy = join(import.meta.dirname, '../../../deploy');
    const dashboard = JSON.parse(readFileSync(join(deploy, 'grafana/yumi-studio.json'), 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const queries = [...dashboard.panels.flatMap((p) => p.targets.map((q) => q.expr)), readFileSync(join(deploy, 'prometheus/alerts.yml'), 'utf8')];
    const named = new Set(queries.flatMap((q) => q.match(/\b(yumi|nodejs|process)_[a-z_0-9]+/g) ?? []).map((n) => n.replace(/_(bucket|count|sum)$/, '')));
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((n) => !m.has(n))).toEqual([]);
    const rules = spawnSync('promtool', ['check', 'rules', join(deploy, 'prometheus/alerts.yml')], { encoding: 'utf8' });
    expect(rules.stdout + rules.stderr).toContain('SUCCESS: 7 rules found');
    // The scrape itself holds no secret.
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).not.toContain(u.token);
  });

  it('reports image jobs queued and running per provider, from the database every process shares', async () => {
    const u = await signUp(t.app, 'jobs');
    const job = (provider: string, status: string) =>
      t.database.db.insert(imageJobs).values({ userId: u.user.id, provider, status: status as 'queued', prompt: 'p', params: {}, payment: 'trial', createdAt: new Date() });
    await job('comfyui', 'queued');
    await job('comfyui', 'queued');
    await job('comfyui', 'running');
    await job('sd-webui', 'succeeded');
    const m = families((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body);
    const jobs = m.get('yumi_image_jobs');
    expect(sample(jobs, { provider: 'comfyui', status: 'queued' })?.value).toBe('2');
    expect(sample(jobs, { provider: 'comfyui', status: 'running' })?.value).toBe('1');
    expect(sample(jobs, { provider: 'sd-webui' })).toBeUndefined();
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404, like any unknown path, and counts nothing', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.statusCode)).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics only on its own listener, with the token when one is set', async () => {
    const port = await freePort();
    const t = await createTestApp({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/api/auth/me`)).status).toBe(404);
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(families(await ok.text()).has('yumi_http_requests_total')).toBe(true);
    } finally {
      await t.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}

/** A local OTLP/HTTP receiver (JSON encoding): collects every span exported to POST /v1/traces. */
async function otlpReceiver() {
  const spans: Array<OtlpSpan & { scope: string }> = [];
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((req, res) => {
    void body(req).then((text) => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !req.headers['content-type']?.includes('application/json')) {
        res.writeHead(404).end();
        return;
      }
      const payload = JSON.parse(text) as { resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }> }> };
      for (const rs of payload.resourceSpans) for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, scope: ss.scope.name });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const until = async (what: string, check: () => boolean, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
};

describe('OpenTelemetry tracing', () => {
  it('exports HTTP, Fastify and database spans over OTLP, and every request log line carries the trace id', { timeout: 120_000 }, async () => {
    const receiver = await otlpReceiver();
    const dataDir = mkdtempSync(join(tmpdir(), 'yumi-otel-'));
    const adminUrl = process.env.TEST_DATABASE_URL;
    const pgDb = adminUrl ? await createThrowawayDatabase(adminUrl, 'yumi_otel') : null;
    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_SERVICE_NAME: 'yumi-test',
      },
      { preload: ['./src/telemetry.ts'] },
    );
    const logs: Array<Record<string, unknown>> = [];
    createInterface({ input: server.child.stdout! }).on('line', (line) => {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        /* not a log line */
      }
    });
    try {
      const signup = await fetch(`${server.base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'otel-signup' },
        body: JSON.stringify({ email: 'otel@example.com', username: 'oteluser', password: 'secret123' }),
      });
      expect(signup.status).toBe(201);
      const { token } = (await signup.json()) as { token: string };
      const me = await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'otel-me' } });
      expect(me.status).toBe(200);

      await until('the HTTP server span of /api/auth/me', () => receiver.spans.some((s) => s.scope.includes('http') && s.name.startsWith('GET') && s.attributes?.some((a) => a.value.stringValue === '/api/auth/me')));
      const server_ = receiver.spans.find((s) => s.scope.includes('http') && s.name.startsWith('GET') && s.attributes?.some((a) => a.value.stringValue === '/api/auth/me'))!;
      const trace = receiver.spans.filter((s) => s.traceId === server_.traceId);
      // Fastify's own spans (the request and its handler) are children in the same trace.
      await until('Fastify spans', () => receiver.spans.some((s) => s.traceId === server_.traceId && s.scope.includes('fastify')));
      if (pgDb) await until('pg spans', () => receiver.spans.some((s) => s.traceId === server_.traceId && s.scope.includes('pg')));
      expect(trace.length).toBeGreaterThan(0);

      // The request's log lines (Fastify's "incoming request" / "request completed") carry its trace id.
      await until('request log lines', () => logs.filter((l) => l.reqId === 'otel-me').length >= 2);
      const lines = logs.filter((l) => l.reqId === 'otel-me');
      expect(lines.every((l) => l.trace_id === server_.traceId)).toBe(true);
      expect(lines.every((l) => typeof l.span_id === 'string' && (l.span_id as string).length === 16)).toBe(true);
      // No secret reaches the exporter.
      expect(JSON.stringify(receiver.spans)).not.toContain(token);
      expect(JSON.stringify(receiver.spans)).not.toContain('secret123');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await receiver.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
