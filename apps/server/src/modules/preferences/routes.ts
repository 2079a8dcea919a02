import { apiErrorSchema, PREFERENCES_MAX_BYTES, preferencesResponseSchema, preferencesSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

/** GET/PUT /api/me/preferences: the launcher layout, background and panels of the signed-in user. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['preferences'],
        summary: 'The saved launcher layout and theme (null before the first save)',
        security: [{ bearer: [] }],
        response: { 200: preferencesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.getPreferences(ctx, currentUser(request).id),
  );

  app.put(
    '/preferences',
    {
      onRequest: app.requireUser,
      // A custom background image rides along, so this route has its own (still small) cap.
      bodyLimit: PREFERENCES_MAX_BYTES,
      schema: {
        tags: ['preferences'],
        summary: 'Replace the launcher layout and theme',
        security: [{ bearer: [] }],
        body: preferencesSchema,
        response: { 200: preferencesResponseSchema, 401: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) => service.savePreferences(ctx, currentUser(request).id, request.body),
  );
};
