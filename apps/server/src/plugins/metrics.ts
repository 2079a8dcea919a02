import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import type { LocalizedText } from '../lib/language';
import type { Metrics } from '../lib/metrics';
import { imageJobCounts } from '../modules/images';

const MESSAGES = {
  badToken: {
    en: 'Metrics need the token set in METRICS_TOKEN, sent as a Bearer token.',
    ja: 'メトリクスの取得には METRICS_TOKEN に設定したトークンを Bearer トークンとして送ってください。',
    zh: '获取指标需要以 Bearer 令牌发送 METRICS_TOKEN 中设置的令牌。',
    ko: '메트릭을 가져오려면 METRICS_TOKEN에 설정한 토큰을 Bearer 토큰으로 보내야 합니다.',
  },
} satisfies Record<string, LocalizedText>;

/** The app's own 404 answer (app.ts's not-found handler says the same). */
const noRoute = (url: string) => ({ error: `No route for GET ${url.split('?')[0]}`, code: 'NOT_FOUND' });

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the configured token; compared as digests so the time taken tells nothing. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** Whether this configuration exposes metrics at all; without it nothing is counted either. */
const metricsEnabled = (config: Config) => !!config.METRICS_TOKEN || config.METRICS_PORT !== undefined;

/**
 * GET /metrics in Prometheus text format. On the public port it needs METRICS_TOKEN as a Bearer token and
 * answers 404 when no token is set or when METRICS_PORT moves metrics to their own listener (METRICS_HOST,
 * loopback by default; the token is required there too when set). Requests are counted per route template
 * in an onResponse hook, which runs only while metrics are exposed.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { config, metrics } = ctx;
  if (!metricsEnabled(config)) {
    // Registered anyway so that the web app's history fallback never answers it with a page.
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => reply.status(404).send(noRoute(request.url)));
    return;
  }
  metrics.watch({
    cpu: () => ctx.cpu.stats,
    dbPool: () => ctx.database.poolStats(),
    jobs: () => imageJobCounts(ctx.db),
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  const token = config.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (config.METRICS_PORT !== undefined || !token) {
      return reply.status(404).send(noRoute(request.url));
    }
    if (!tokenMatches(request.headers.authorization, token)) {
      throw new HttpError(401, 'UNAUTHORIZED', MESSAGES.badToken, undefined, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(await metrics.text());
  });
  if (config.METRICS_PORT !== undefined) serveMetricsPort(app, config, metrics);
}

/** The separate metrics listener: only GET /metrics, nothing else of the app. */
function serveMetricsPort(app: FastifyInstance, config: Config, metrics: Metrics): void {
  const answer = async (req: IncomingMessage): Promise<{ status: number; type: string; body: string }> => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found\n' };
    if (config.METRICS_TOKEN && !tokenMatches(req.headers.authorization, config.METRICS_TOKEN)) {
      return { status: 401, type: 'text/plain; charset=utf-8', body: MESSAGES.badToken.en + '\n' };
    }
    return { status: 200, type: metrics.contentType, body: await metrics.text() };
  };
  let server: Server | undefined;
  app.addHook('onListen', async () => {
    server = createServer((req, res) => {
      answer(req).then(
        ({ status, type, body }) => res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed');
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
    });
    const address = server.address();
    app.log.info({ address }, `metrics at http://${config.METRICS_HOST}:${typeof address === 'object' && address ? address.port : config.METRICS_PORT}/metrics`);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
}
