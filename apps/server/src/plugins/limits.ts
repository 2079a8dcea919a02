import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { memoryLimiter } from '../lib/rate-limit';

/** Routes that cost real CPU (or money) per call, grouped into per-user buckets. */
const EXPENSIVE_ROUTES: Readonly<Record<string, string>> = {
  '/api/anime-chara/ai-draw': 'image-tools',
  '/api/anime-chara-helper/generate-outline': 'image-tools',
  '/api/anime-helper/analyze-colors': 'image-tools',
  '/api/images/process': 'image-tools',
  '/api/images/from-device': 'image-tools',
  '/api/anime-chara-helper/generate': 'generation',
  '/api/report/export/pdf': 'exports',
  '/api/report/export/latex': 'exports',
  '/api/plagiarism/check': 'plagiarism',
};

/** Probes that must always answer (load balancers, the web app's connectivity check). */
export const UNLIMITED = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

/**
 * Two limits on top of the sign-in and chat limits of the modules:
 * - per IP on every /api request, counted in this process's memory: a flood guard that costs nothing per
 *   request (N processes allow N times the figure, which is fine for its purpose);
 * - per user and bucket on the expensive routes, in the shared store (the database on PostgreSQL), so the
 *   figure holds across processes. It runs after the route's auth hook, when the user is known.
 * Both answer 429 with Retry-After and a message in the caller's language (lib/rate-limit.ts).
 */
export function registerLimits(app: FastifyInstance, ctx: AppContext): void {
  const perIp = memoryLimiter(ctx.clock);
  // Synchronous (a throw becomes the 429): this runs on every request, where a promise per call showed.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    if (!url.startsWith('/api/')) return done();
    const query = url.indexOf('?');
    if (UNLIMITED.has(query === -1 ? url : url.slice(0, query))) return done();
    perIp.hitNow(request.ip, ctx.config.API_RATE_LIMIT_PER_MINUTE, 60);
    done();
  });
  app.addHook('onRoute', (route) => {
    const bucket = EXPENSIVE_ROUTES[route.url];
    if (!bucket) return;
    const perUser = async (request: FastifyRequest) => {
      if (request.user) await ctx.rateLimits.hit(`user:${bucket}:${request.user.id}`, ctx.config.EXPENSIVE_RATE_LIMIT_PER_MINUTE, 60);
    };
    route.onRequest = [...([route.onRequest].flat().filter(Boolean) as onRequestHookHandler[]), perUser as onRequestHookHandler];
  });
}
