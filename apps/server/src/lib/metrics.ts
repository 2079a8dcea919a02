import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Request latency buckets (seconds): from a cached JSON answer (~1 ms) to a long export (30 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type LedgerDirection = 'grant' | 'spend';
export type MailOutcome = 'sent' | 'failed';

/** What the process reports at scrape time; app.ts fills it in once the context exists. */
export interface MetricSources {
  cpu: () => { queued: number; threads: number; utilization: number };
  dbPool: () => { total: number; idle: number; waiting: number };
  jobs: () => Promise<Array<{ provider: string; status: string; count: number }>>;
}

/**
 * The process's Prometheus metrics, in their own registry (tests build many apps in one process). Counters
 * are counted where the thing happens (ledger, mail, sockets); gauges of state are read when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests = new Counter({ name: 'yumi_http_requests_total', help: 'HTTP requests answered, by method, route template and status.', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  readonly #latency = new Histogram({ name: 'yumi_http_request_duration_seconds', help: 'Time from a request arriving to its answer being sent, by method, route template and status.', labelNames: ['method', 'route', 'status'], buckets: LATENCY_BUCKETS, registers: [this.registry] });
  /** Label sets seen so far: a child per set, found by one string key instead of prom-client hashing the labels. */
  readonly #series = new Map<string, { count: Counter.Internal; latency: Histogram.Internal<'method' | 'route' | 'status'> }>();
  readonly #ledgerEntries = new Counter({ name: 'yumi_ledger_entries_total', help: 'Ledger entries written by this process: grants (purchases, rewards, refunds of holds) and spends.', labelNames: ['direction', 'source'], registers: [this.registry] });
  readonly #ledgerShards = new Counter({ name: 'yumi_ledger_timeshards_total', help: 'Timeshards moved by ledger entries of this process, by direction and source (purchase, ai-call, blessing ...).', labelNames: ['direction', 'source'], registers: [this.registry] });
  readonly #mail = new Counter({ name: 'yumi_mail_total', help: 'Account mail handed to the transport, by transport and outcome.', labelNames: ['transport', 'outcome'], registers: [this.registry] });
  readonly #sockets = new Gauge({ name: 'yumi_websocket_connections', help: 'Open WebSocket connections to this process (live co-editing).', registers: [this.registry] });

  /** One answered request; `route` is the route's template (`/api/documents/:id`), never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { count: this.#requests.labels(labels), latency: this.#latency.labels(labels) };
      this.#series.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
  }

  /** One ledger entry: a positive delta is a grant, a negative one a spend (holds, reversals, forfeits). */
  ledgerEntry(delta: number, source: string): void {
    const direction: LedgerDirection = delta > 0 ? 'grant' : 'spend';
    this.#ledgerEntries.inc({ direction, source });
    this.#ledgerShards.inc({ direction, source }, Math.abs(delta));
  }

  mail(transport: string, outcome: MailOutcome): void {
    this.#mail.inc({ transport, outcome });
  }

  socketOpened(): void {
    this.#sockets.inc();
  }

  socketClosed(): void {
    this.#sockets.dec();
  }

  /** Gauges read from the running process at every scrape; called once, only when metrics are exposed. */
  watch(sources: MetricSources): void {
    // Process CPU, memory (RSS, heap), GC, handles and event-loop lag (nodejs_eventloop_lag_*), sampled by prom-client.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    const registers = [this.registry];
    new Gauge({ name: 'yumi_worker_queue_size', help: 'CPU tasks (PDF, images, checks) waiting for a worker thread.', registers, collect() { this.set(sources.cpu().queued); } });
    new Gauge({ name: 'yumi_worker_threads', help: 'Worker threads alive in the CPU pool.', registers, collect() { this.set(sources.cpu().threads); } });
    new Gauge({ name: 'yumi_worker_utilization_ratio', help: 'Share of the CPU pool capacity spent running tasks since it started (0 to 1).', registers, collect() { this.set(sources.cpu().utilization); } });
    new Gauge({ name: 'yumi_db_pool_connections', help: 'Database connections of this process, by state (idle, busy) and callers waiting for one.', labelNames: ['state'], registers, collect() {
      const pool = sources.dbPool();
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'busy' }, pool.total - pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    } });
    new Gauge({ name: 'yumi_image_jobs', help: 'Image generation jobs queued and running, by provider (all processes: the queue is in the database).', labelNames: ['provider', 'status'], registers, async collect() {
      this.reset();
      for (const row of await sources.jobs()) this.set({ provider: row.provider, status: row.status }, row.count);
    } });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
