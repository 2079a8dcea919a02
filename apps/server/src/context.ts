import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/connection';
import type { Clock } from './lib/clock';
import type { Metrics } from './lib/metrics';
import type { RateLimiter } from './lib/rate-limit';
import type { SessionCache } from './modules/auth';
import type { Blobs } from './providers/blob/registry';
import type { Mailer } from './providers/mail';
import type { SecretBox } from './shared/crypto/secret-box';
import type { CpuPool } from './workers/pool';

/** What every module's service gets: config, database, clock and logger. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Token hash -> user, invalidated on logout in every process. */
  sessions: SessionCache;
  /** Per-key attempt limits (429 with Retry-After). */
  rateLimits: RateLimiter;
  /** Uploads and generated images: content-addressed, shared, collected only when unreferenced. */
  blobs: Blobs;
  /** Account mail: SMTP when configured, else .eml files in DATA_DIR/mail. */
  mailer: Mailer;
  /** Seals secrets stored for later use (TOTP keys, provider API keys) with the server's key (AES-256-GCM). */
  secrets: SecretBox;
  /** Worker threads for CPU work (PDF, images, outline, colours, AI tools, plagiarism), with a bounded queue. */
  cpu: CpuPool;
  /** Prometheus counters and gauges of this process (served at /metrics when exposed). */
  metrics: Metrics;
}
