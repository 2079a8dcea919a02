import { OFFLINE_WORD_DELAY_MS } from '@yumi/core';
import { z } from 'zod';
import ipaddr from 'ipaddr.js';
import { parseKey } from './shared/crypto/secret-box';

const isAddressOrRange = (a: string) => ipaddr.isValid(a) || (a.includes('/') && ipaddr.isValidCIDR(a));

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
const optionalUrl = z.url().optional();
const optionalSecret = z.string().min(1).optional();

/** Every setting the server reads; `.env.example` documents each one. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  /** Folder of the desktop installers served at /installers/ (default DATA_DIR/installers). */
  INSTALLERS_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * Live co-editing between server processes through Redis (Hocuspocus's Redis extension) instead of
   * PostgreSQL LISTEN/NOTIFY: redis://[user:pass@]host:6379[/db] or rediss:// (TLS).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Blobs in S3-compatible object storage (AWS S3, MinIO, R2, Ceph) instead of DATA_DIR/blobs. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalSecret,
  S3_SECRET_ACCESS_KEY: optionalSecret,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ADMIN_EMAILS: csv,
  /** Mail delivery (with MAIL_FROM): smtp://user:pass@host:587 (STARTTLS) or smtps://…:465; unset: .eml files in DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of account mail, e.g. `Yumi Studio <no-reply@example.com>`. */
  MAIL_FROM: z.string().min(3).max(300).optional(),
  /**
   * 32 bytes (64 hex digits or base64, e.g. `openssl rand -base64 32`) sealing stored secrets such as TOTP keys
   * (AES-256-GCM). Unset: a key made once in DATA_DIR/encryption.key. The same on every process of a deployment.
   */
  ENCRYPTION_KEY: z.string().refine((v) => parseKey(v) !== null, 'must be 32 bytes as 64 hex digits or base64').optional(),
  /** The key before the last change: what it sealed still opens, and is re-sealed with ENCRYPTION_KEY at start. */
  ENCRYPTION_KEY_PREVIOUS: z.string().refine((v) => parseKey(v) !== null, 'must be 32 bytes as 64 hex digits or base64').optional(),
  /**
   * Whose X-Forwarded-For to believe for the client address (rate limits, sessions): `false`, `true` (any
   * sender: only when nothing reaches the server but the proxy), a hop count, or the proxies' addresses and
   * CIDR ranges, comma-separated (Fastify's trustProxy).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((a) => isAddressOrRange(a.trim())), 'must be true, false, a hop count, or addresses/CIDR ranges separated by commas')
    .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Failed sign-ins to one account from all addresses in an hour before new addresses are slowed (login-throttle.ts). */
  LOGIN_ACCOUNT_FAILURES_PER_HOUR: z.coerce.number().int().positive().default(100),

  OPENAI_API_KEY: optionalSecret,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalSecret,
  ANTHROPIC_BASE_URL: optionalUrl,
  QWEN_API_KEY: optionalSecret,
  QWEN_BASE_URL: z.url().default('https://dashscope-intl.aliyuncs.com/compatible-mode/v1'),
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_API_KEY: optionalSecret,
  OPENAI_COMPATIBLE_MODELS: csv,

  /** Mastodon instance whose public trends feed the Writing Helper; unset: this server's own hashtags. */
  MASTODON_URL: optionalUrl,

  // Report Helper: literature search APIs (base URLs are configurable so tests use local fakes).
  PUBMED_BASE_URL: z.url().default('https://eutils.ncbi.nlm.nih.gov/entrez/eutils'),
  ARXIV_BASE_URL: z.url().default('https://export.arxiv.org/api'),
  CROSSREF_BASE_URL: z.url().default('https://api.crossref.org'),
  CROSSREF_MAILTO: z.email().optional(),
  IEEE_BASE_URL: z.url().default('https://ieeexploreapi.ieee.org/api/v1'),
  IEEE_API_KEY: optionalSecret,
  LITERATURE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),

  /** Chat and edit calls per user (or IP) per minute; beyond it a 429 with Retry-After. */
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Every /api request per client IP and minute, per process (a flood guard; health probes are exempt). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Calls per user and minute to each group of CPU-heavy routes (image tools, generation, exports, plagiarism). */
  EXPENSIVE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** A provider silent this long (before or between chunks) is abandoned with a 504. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Pause between words when the offline assistant streams, so its answers read like the others. */
  AI_LOCAL_WORD_DELAY_MS: z.coerce.number().int().min(0).max(500).default(OFFLINE_WORD_DELAY_MS),

  SD_WEBUI_URL: optionalUrl,
  COMFYUI_URL: optionalUrl,
  /** A ComfyUI workflow (API format) whose strings may hold {{prompt}}, {{seed}}...; the built-in one otherwise. */
  COMFYUI_WORKFLOW: z.string().min(1).optional(),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  /** Provider of AI Generate mode when the user picks none: the first configured external one, else procedural. */
  IMAGE_DEFAULT_PROVIDER: z.enum(['procedural', 'sd-webui', 'comfyui', 'openai-images']).optional(),
  /** The anime checkpoint used when "custom model" is on (SD WebUI / ComfyUI). */
  IMAGE_CUSTOM_MODEL: z.string().min(1).optional(),
  IMAGE_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(180_000),
  /** Jobs running at once per provider, across all server processes. */
  IMAGE_CONCURRENCY_PROCEDURAL: z.coerce.number().int().positive().default(2),
  IMAGE_CONCURRENCY_REMOTE: z.coerce.number().int().positive().default(1),
  /** A running job's process writes a heartbeat this often; after 6 missed beats another process fails the job. */
  IMAGE_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** Worker threads for CPU work (PDF, images, outline, colours, AI tools, plagiarism); unset: the machine's cores. */
  WORKER_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  /** CPU tasks waiting for a thread beyond this many are refused with 503 and Retry-After. */
  WORKER_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(32),

  /**
   * TEST MODE (the in-app checkout that grants timeshards without payment) exists only while no real payment
   * provider is configured; `off` disables it even then (checkout buttons are disabled, with the reason).
   */
  PAYMENTS_TEST_MODE: z.enum(['on', 'off']).default('on'),
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  /** Another Stripe API origin (a local fake in tests, stripe-mock); default api.stripe.com. */
  STRIPE_API_BASE: optionalUrl,
  ALIPAY_APP_ID: optionalSecret,
  ALIPAY_PRIVATE_KEY: optionalSecret,
  ALIPAY_PUBLIC_KEY: optionalSecret,
  ALIPAY_SELLER_ID: optionalSecret,
  ALIPAY_GATEWAY: optionalUrl,
  /** Open image search of the anime photo search (Openverse API root); 'off' searches only this server's images. */
  OPENVERSE_URL: z.union([z.url(), z.literal('off')]).default('https://api.openverse.org/v1'),
  REFERENCE_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Uploads per user per hour (artwork contributions). */
  ART_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /**
   * Who may scrape GET /metrics: the Prometheus server sends this as a Bearer token. Unset (and no METRICS_PORT),
   * /metrics answers 404, so metrics are never public by accident.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Serve /metrics only on this port (a separate listener on METRICS_HOST), not on the public one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Bytes of stored files (gallery, character layers, artwork) each user may keep; default 1 GiB. */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).default(1_073_741_824),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Validates the environment; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const source = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A test or embedding caller's config: defaults plus overrides, no process env. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}
