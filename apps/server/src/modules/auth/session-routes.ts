import { authApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as sessions from './user-sessions';

/** GET/DELETE /api/auth/sessions: the signed-in user's own sessions, and ending them. */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, authApi.sessions, async (request) => sessions.listSessions(ctx, currentUser(request).id, request.bearerToken!));

  route(app, authApi.endOtherSessions, async (request) => ({
    ended: await sessions.endOtherSessions(ctx, currentUser(request).id, request.bearerToken!),
  }));

  route(app, authApi.endSession, async (request) => {
    await sessions.endSession(ctx, currentUser(request).id, request.params.id);
    return { success: true as const };
  });
};
