import { Metrics } from './lib/metrics';
import { createRateLimiter } from './lib/rate-limit';
import { traceFields } from './lib/trace';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/connection';
import { migrate } from './db/migrate';
import { systemClock, type Clock } from './lib/clock';
import { serverVersion, webDistDir } from './lib/paths';
import { aiRoutes } from './modules/ai';
import { accountRoutes } from './modules/account';
import { accountMailRoutes, authRoutes, onSessionRevoked, resealTotpKeys, SESSION_REVOKED_CHANNEL, SessionCache, sessionRoutes } from './modules/auth';
import { adminRoutes } from './modules/admin';
import { connectionRoutes } from './modules/connections';
import { openMailer } from './providers/mail';
import { createSecretBox, loadServerKeys } from './shared/crypto/secret-box';
import { documentRoutes, sharingRoutes } from './modules/documents';
import { commentRoutes } from './modules/comments';
import { historyRoutes, recordEdit } from './modules/history';
import { LiveDocuments, UPGRADE_REQUIRED } from './modules/collab';
import { HttpError } from './lib/http-error';
import { healthRoutes } from './modules/health';
import { imagesRoutes } from './modules/images';
import { reportRoutes } from './modules/report';
import { plagiarismRoutes } from './modules/plagiarism';
import { literatureRoutes } from './modules/literature';
import { billingRoutes, observeLedger } from './modules/billing';
import { artRoutes, countArtworks } from './modules/art';
import { trendRoutes } from './modules/trends';
import { installersRoutes } from './modules/installers';
import { preferencesRoutes } from './modules/preferences';
import { characterRoutes } from './modules/characters';
import { storageRoutes } from './modules/storage';
import { animeRefsRoutes } from './modules/anime-refs';
import { authPlugin } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerLimits } from './plugins/limits';
import { registerMetrics } from './plugins/metrics';
import { declareRetryAfter, registerOpenApiContract } from './plugins/openapi-contract';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security-headers';
import type { BlobStore } from './providers/blob';
import { openBlobStore } from './providers/blob/open';
import { Blobs } from './providers/blob/registry';
import { CpuPool } from './workers/pool';

export interface AppDeps {
  clock?: Clock;
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** Serve the built web app (production); tests of the API leave it off. */
  serveWeb?: boolean;
  /** Blob store (tests give each app its own temp folder); otherwise S3_BUCKET or DATA_DIR/blobs. */
  blobs?: BlobStore;
}

/**
 * Content-Security-Policy the SPA works under: everything from this origin, inline styles for MathJax SVG and
 * charts, and WebAssembly compiled from this origin's files (the offline procedural renderer's rasteriser, resvg;
 * 'wasm-unsafe-eval' allows WebAssembly only, never JavaScript eval).
 */
const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/** Node's built-in channel for each response an http.Server has sent. */
const RESPONSE_FINISHED = 'http.server.response.finish';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Silent means no logger at all: pino would still build a child logger (serializing the request id) for
    // every request only to drop each line, which cost about 3% of an API request's time.
    logger: config.LOG_LEVEL === 'silent' ? false : {
      level: config.LOG_LEVEL,
      // Every line written while a request's span is active carries its trace_id and span_id.
      mixin: traceFields,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["stripe-signature"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // A hop count as Fastify does it for numbers (its types take a function, not a number).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
    // `/api/documents` and `/api/documents/` are one route (a prefix's '/' route is registered once, so the
    // OpenAPI document lists no trailing-slash twin).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Graceful shutdown drains requests under way; a keep-alive connection whose response ends meanwhile is
  // closed too, or the process would wait out the keep-alive timeout (72 s) for its client to hang up. Node
  // announces every finished response on a diagnostics channel, listened to only while closing: an onResponse
  // hook made Fastify track the end of every response, about 4 µs a request.
  const closeWhenIdle = (message: unknown) => {
    if ((message as { server?: unknown }).server === app.server) setImmediate(() => app.server.closeIdleConnections());
  };
  app.addHook('preClose', async () => {
    subscribe(RESPONSE_FINISHED, closeWhenIdle);
  });
  app.addHook('onClose', async () => {
    unsubscribe(RESPONSE_FINISHED, closeWhenIdle);
  });
  // The API speaks JSON (and multipart where a route registers it): anything else is a 415.
  app.removeContentTypeParser('text/plain');

  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onError: (err) => app.log.warn({ err: err.message }, 'database connection trouble'),
    }));
  if (!deps.database) {
    await migrate(database);
    app.addHook('onClose', () => database.close());
  }
  const clock = deps.clock ?? systemClock;
  const blobStore = deps.blobs ?? openBlobStore(config);
  if (!deps.blobs) app.addHook('onClose', async () => blobStore.close?.());
  const serverKeys = loadServerKeys(config);
  if (serverKeys.source === 'file' && config.DATABASE_URL) {
    app.log.warn('ENCRYPTION_KEY is unset: stored secrets are sealed with DATA_DIR/encryption.key; every process sharing this database needs the same key, so set ENCRYPTION_KEY');
  }
  const metrics = new Metrics();
  observeLedger((delta, source) => metrics.ledgerEntry(delta, source));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    log: app.log,
    sessions: new SessionCache(),
    rateLimits: createRateLimiter(database, clock),
    blobs: new Blobs(database.db, blobStore, clock),
    mailer: openMailer(config, app.log, metrics),
    secrets: createSecretBox(serverKeys.keys),
    cpu: new CpuPool({ threads: config.WORKER_THREADS, maxQueue: config.WORKER_QUEUE_MAX }),
    metrics,
  };
  await resealTotpKeys(ctx);
  app.addHook('onClose', () => ctx.mailer.close());
  app.addHook('onClose', () => ctx.cpu.close());
  await database.listen(SESSION_REVOKED_CHANNEL, (payload) => onSessionRevoked(ctx, payload));

  registerErrorHandling(app);
  registerInputGuard(app);
  registerSecurityHeaders(app, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Yumi Studio API', version: serverVersion },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) => declareRetryAfter('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, { ctx });
  // After the auth decorators exist, before any route: both read each route's auth hook.
  registerOpenApiContract(app);
  registerLimits(app, ctx);
  registerMetrics(app, ctx);
  // Live co-editing, made before the routes (a restored version or an accepted suggestion reaches every open
  // editor through it); it takes the WebSocket upgrade of /api/collab below.
  const live = new LiveDocuments(ctx);

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx, prefix: '/auth' });
      await api.register(sessionRoutes, { ctx, prefix: '/auth' });
      await api.register(accountRoutes, { ctx, prefix: '/account' });
      await api.register(accountMailRoutes, { ctx, prefix: '/auth' });
      await api.register(adminRoutes, { ctx, prefix: '/admin' });
      await api.register(connectionRoutes, { ctx, prefix: '/admin/connections' });
      await api.register(aiRoutes, { ctx });
      await api.register(billingRoutes, { ctx, prefix: '/billing', artworkCount: countArtworks });
      await api.register(artRoutes, { ctx, prefix: '/art' });
      await api.register(sharingRoutes, { ctx });
      await api.register(commentRoutes, { ctx, live });
      await api.register(historyRoutes, { ctx, live });
      await api.register(documentRoutes, { ctx, prefix: '/documents', onContentSaved: (save) => recordEdit(ctx.db, save) });
      await api.register(trendRoutes, { ctx, prefix: '/trends' });
      await api.register(preferencesRoutes, { ctx, prefix: '/me' });
      await api.register(storageRoutes, { ctx, prefix: '/me' });
      await api.register(reportRoutes, { ctx, prefix: '/report' });
      await api.register(plagiarismRoutes, { ctx, prefix: '/plagiarism' });
      await api.register(literatureRoutes, { ctx, prefix: '/literature' });
      await api.register(imagesRoutes, { ctx });
      await api.register(characterRoutes, { ctx, prefix: '/anime-helper' });
      await api.register(animeRefsRoutes, { ctx, prefix: '/anime-chara' });
    },
    { prefix: '/api' },
  );

  // Live co-editing: a WebSocket upgrade of /api/collab; a plain GET there is told to upgrade.
  await live.attach(app.server);
  app.addHook('preClose', () => live.close());
  app.get('/api/collab', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('upgrade', 'websocket');
    throw new HttpError(426, 'UPGRADE_REQUIRED', UPGRADE_REQUIRED);
  });

  await app.register(installersRoutes, { ctx });

  const webRoot = webDistDir;
  const serveWeb = (deps.serveWeb ?? true) && existsSync(join(webRoot, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed build assets never change; everything else is revalidated.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || !serveWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: `No route for ${request.method} ${path}`, code: 'NOT_FOUND' });
    }
    // History fallback: every client route loads the SPA on a hard refresh.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
