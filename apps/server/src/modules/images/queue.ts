import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ImageProviderId } from '@yumi/core';
import type { AppContext } from '../../context';
import { concurrencyOf } from '../../providers/image';
import * as repo from './repository';
import type { JobRow } from './repository';

/** A running job missing this many heartbeats (IMAGE_JOB_HEARTBEAT_SECONDS) is failed by another process. */
const STALE_HEARTBEATS = 6;
const SWEEP_MS = 2_000;
/** PostgreSQL channel of job changes: `<origin>:<m|p>:<jobId>` (m: started or ended, p: progress). */
const JOB_EVENTS_CHANNEL = 'yumi_image_jobs';
/** Local event fired when any job starts or ends: queue positions of waiting jobs change. */
export const QUEUE_MOVED = 'moved';

export type JobRunner = (job: JobRow, signal: AbortSignal) => Promise<void>;
export type StaleHandler = (job: JobRow) => Promise<void>;

/**
 * The per-provider queue. Its state lives in the database (queued jobs ordered by seq, a running count per
 * provider), so every server process takes part: each claims work under an advisory lock and never runs more
 * than the provider's limit in total. This process runs what it claimed and tells local listeners about changes.
 */
export class ImageQueue {
  private readonly events = new EventEmitter();
  private readonly pumping = new Map<string, boolean>();
  private readonly running = new Map<string, AbortController>();
  private readonly inflight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Tells this process's own notifications (already delivered locally) from other processes'. */
  private readonly origin = randomUUID();

  constructor(
    private readonly ctx: AppContext,
    private readonly providers: ReadonlySet<ImageProviderId>,
    private readonly run: JobRunner,
    private readonly onStale: StaleHandler,
  ) {
    this.events.setMaxListeners(0);
  }

  /** How often a running job's process writes a heartbeat. */
  get heartbeatMs(): number {
    return this.ctx.config.IMAGE_JOB_HEARTBEAT_SECONDS * 1000;
  }

  async start(): Promise<void> {
    // Picks up jobs queued by other processes and jobs whose process died.
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
    // Changes made by other processes (PostgreSQL; PGlite has one process, so nothing arrives there).
    await this.ctx.database.listen(JOB_EVENTS_CHANNEL, (payload) => {
      const [origin, kind, jobId] = payload.split(':');
      if (origin === this.origin || !jobId) return;
      this.events.emit(jobId);
      if (kind === 'm') this.events.emit(QUEUE_MOVED);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const c of this.running.values()) c.abort();
    await Promise.allSettled([...this.inflight]);
  }

  subscribe(jobId: string, listener: () => void): () => void {
    this.events.on(jobId, listener);
    return () => this.events.off(jobId, listener);
  }

  /** Tells every process's listeners that a job changed; `moved` when it started or ended. */
  notify(jobId: string, moved = false): void {
    this.events.emit(jobId);
    if (moved) this.events.emit(QUEUE_MOVED);
    this.ctx.database.notify(JOB_EVENTS_CHANNEL, `${this.origin}:${moved ? 'm' : 'p'}:${jobId}`).catch((err: unknown) => {
      // Other processes' streams still catch up through their slow poll.
      if (!this.closed) this.ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'job notification failed');
    });
  }

  /** Starts as many queued jobs of this provider as its limit allows; safe to call any number of times. */
  kick(provider: ImageProviderId): void {
    if (this.closed || !this.providers.has(provider)) return;
    if (this.pumping.has(provider)) {
      this.pumping.set(provider, true);
      return;
    }
    this.pumping.set(provider, false);
    const pump = (async () => {
      try {
        for (;;) {
          const job = await repo.claimNext(this.ctx.db, provider, concurrencyOf(this.ctx.config, provider), this.ctx.clock.now());
          if (job) {
            this.start1(job);
            continue;
          }
          if (!this.pumping.get(provider)) break;
          this.pumping.set(provider, false);
        }
      } catch (err) {
        if (!this.closed) this.ctx.log.error({ err, provider }, 'image queue claim failed');
      } finally {
        this.pumping.delete(provider);
      }
    })();
    this.track(pump);
  }

  private start1(job: JobRow): void {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    this.notify(job.id, true);
    const p = this.run(job, controller.signal)
      .catch((err) => this.ctx.log.error({ err, jobId: job.id }, 'image job crashed'))
      .finally(() => {
        this.running.delete(job.id);
        this.notify(job.id, true);
        this.kick(job.provider as ImageProviderId);
      });
    this.track(p);
  }

  private track(p: Promise<void>): void {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  private async sweep(): Promise<void> {
    if (this.closed) return;
    try {
      const before = new Date(this.ctx.clock.now().getTime() - this.heartbeatMs * STALE_HEARTBEATS);
      for (const provider of this.providers) {
        for (const job of await repo.staleJobs(this.ctx.db, provider, before)) {
          if (!this.running.has(job.id)) await this.onStale(job);
        }
      }
      for (const provider of await repo.queuedProviders(this.ctx.db)) this.kick(provider as ImageProviderId);
    } catch (err) {
      if (!this.closed) this.ctx.log.warn({ err }, 'image queue sweep failed');
    }
  }
}
