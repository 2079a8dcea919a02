import { adminApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoint';
import { listAudit } from './audit';

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, adminApi.audit, async (request) => listAudit(ctx.db, request.query));
};
