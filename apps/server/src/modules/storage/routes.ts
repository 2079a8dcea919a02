import { accountApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as service from './service';

/** How often each process runs the blob collector (it is safe to run in many processes at once). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** GET /api/me/storage, and the background collector of unreferenced blobs. */
export const storageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, accountApi.storage, async (request) => service.getUsage(ctx, currentUser(request).id));

  let sweeping: Promise<unknown> | undefined;
  const sweep = () => {
    sweeping ??= ctx.blobs
      .sweep()
      .then(({ deleted }) => deleted.length > 0 && ctx.log.info({ count: deleted.length }, 'collected unreferenced blobs'))
      .catch((err: unknown) => ctx.log.warn({ err }, 'blob collection failed; it will run again'))
      .finally(() => (sweeping = undefined));
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
};
