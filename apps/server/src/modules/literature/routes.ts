import { reportApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import * as literature from './service';

export const literatureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Signed-in only (the endpoint's access): the server is not an open proxy to the literature APIs.
  route(app, reportApi.literatureSearch, async (request) => literature.search(ctx, currentUser(request).id, request.query));
};
