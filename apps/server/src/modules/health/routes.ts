import { healthApi, LLM_PROVIDERS } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serverVersion } from '../../lib/paths';
import { route } from '../../plugins/endpoint';
import { configuredProviders } from '../../providers/configured';
import { llmSetup } from '../connections';

/** A probe slower than this counts as down: a load balancer must not wait on a hung object store. */
const PROBE_TIMEOUT_MS = 3000;

/** Whether the blob store answers in time. */
async function storageReachable(ctx: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, PROBE_TIMEOUT_MS, false)));
  const ping = ctx.blobs.store.ping().then(
    () => true,
    (err: unknown) => {
      ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'blob storage unreachable');
      return false;
    },
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public, and the web app's connectivity probe (HEAD, which Fastify answers from this GET without a
  // body): one database ping, no sign-in, and only up or down in the answer.
  route(app, healthApi.health, async (_request, reply) => {
    const reachable = await ctx.database.ping();
    return reply.status(reachable ? 200 : 503).send({ status: reachable ? 'ok' : 'degraded' });
  });

  // For load balancers and orchestrators. Live: the process answers (no I/O, so a slow database never gets a
  // healthy process restarted). Ready: it can serve, i.e. the database and the blob storage both answer;
  // during a graceful shutdown Fastify answers 503 to anything new, so traffic drains away from it.
  route(app, healthApi.live, async () => ({ status: 'ok' as const }));

  route(app, healthApi.ready, async (_request, reply) => {
    const [database, storage] = await Promise.all([ctx.database.ping(), storageReachable(ctx)]);
    const ready = database && storage;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'degraded' });
  });

  route(app, healthApi.details, async (_request, reply) => {
    const [reachable, storage, setup] = await Promise.all([
      ctx.database.ping(),
      storageReachable(ctx),
      llmSetup(ctx).catch(() => null),
    ]);
    const providers = configuredProviders(ctx.config);
    // Language models also come from the admin page's connections.
    if (setup) providers.llm = LLM_PROVIDERS.filter((p) => setup.configured(p));
    return reply.status(reachable && storage ? 200 : 503).send({
      status: reachable && storage ? 'ok' : 'degraded',
      version: serverVersion,
      database: { kind: ctx.database.kind, reachable },
      storage: { kind: ctx.config.S3_BUCKET ? 's3' : 'files', reachable: storage },
      providers,
    });
  });
};
