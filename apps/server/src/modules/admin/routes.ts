import { adminAuditQuerySchema, adminAuditResponseSchema, apiErrorSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { listAudit } from './audit';

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: the audit log of reviews and role changes, newest first',
        security: [{ bearer: [] }],
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => listAudit(ctx.db, request.query),
  );
};
