import { apiErrorSchema, endedSessionsSchema, sessionIdParamsSchema, sessionListSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as sessions from './sessions';

/** GET/DELETE /api/auth/sessions: the signed-in user's own sessions, and ending them. */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const base = { tags: ['auth'], security: [{ bearer: [] }] };

  app.get(
    '/sessions',
    {
      onRequest: app.requireUser,
      schema: { ...base, summary: 'Live sessions of the signed-in user, newest activity first', response: { 200: sessionListSchema } },
    },
    async (request) => sessions.listSessions(ctx, currentUser(request).id, request.bearerToken!),
  );

  app.delete(
    '/sessions',
    {
      onRequest: app.requireUser,
      // 400: a DELETE may still carry a (malformed) JSON body.
      schema: { ...base, summary: 'End every other session of the signed-in user', response: { 200: endedSessionsSchema, 400: apiErrorSchema } },
    },
    async (request) => ({ ended: await sessions.endOtherSessions(ctx, currentUser(request).id, request.bearerToken!) }),
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'End one session of the signed-in user (ending the current one signs out)',
        params: sessionIdParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), 404: apiErrorSchema },
      },
    },
    async (request) => {
      await sessions.endSession(ctx, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};
