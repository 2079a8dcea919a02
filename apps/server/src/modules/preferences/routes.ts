import { appApi, PREFERENCES_MAX_BYTES } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as service from './service';

/** GET/PUT /api/me/preferences: the launcher layout, background and panels of the signed-in user. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, appApi.preferences, async (request) => service.getPreferences(ctx, currentUser(request).id));
  // A custom background image rides along, so this route has its own (still small) cap.
  route(app, appApi.savePreferences, { bodyLimit: PREFERENCES_MAX_BYTES }, async (request) =>
    service.savePreferences(ctx, currentUser(request).id, request.body),
  );
};
