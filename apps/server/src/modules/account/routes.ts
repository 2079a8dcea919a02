import {
  apiErrorSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  profileResponseSchema,
  updateProfileRequestSchema,
} from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as account from './service';

/** /api/account: what the account page changes about the signed-in user. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const base = { tags: ['account'], security: [{ bearer: [] }] };

  app.post(
    '/password',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'Change the password (the current one required); every other session ends',
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => account.changePassword(ctx, currentUser(request).id, request.bearerToken!, request.body),
  );

  app.patch(
    '/profile',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'Change the display name (the unique username)',
        body: updateProfileRequestSchema,
        response: { 200: profileResponseSchema, 409: apiErrorSchema },
      },
    },
    async (request) => account.rename(ctx, currentUser(request).id, request.body.username),
  );
};
