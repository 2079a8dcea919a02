import { authApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { sendError, toErrorResponse } from '../../plugins/errors';
import { languageOf, localize } from '../../lib/language';
import { AUTH_TWO_STEP_MESSAGES } from './messages';
import * as auth from './service';

const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
  ip: request.ip,
  language: languageOf(typeof request.headers['accept-language'] === 'string' ? request.headers['accept-language'] : undefined),
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null,
});

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The sign-in dialog reads `success` and `error`, so auth errors carry `success: false` too.
  app.setErrorHandler((err, request, reply) =>
    sendError(reply, toErrorResponse(err, request), { success: false }),
  );

  route(app, authApi.signup, async (request, reply) => {
    const { user, token } = await auth.signup(ctx, request.body, meta(request));
    return reply.status(201).send({ success: true as const, user, token });
  });

  route(app, authApi.login, async (request) => {
    const outcome = await auth.login(ctx, request.body, meta(request));
    if ('challenge' in outcome) {
      const language = languageOf(request.headers['accept-language']);
      return {
        success: false as const,
        twoStepRequired: true as const,
        challenge: outcome.challenge,
        code: 'TWO_STEP_REQUIRED' as const,
        error: localize(AUTH_TWO_STEP_MESSAGES.required, language),
      };
    }
    return { success: true as const, user: outcome.user, token: outcome.token };
  });

  route(app, authApi.loginTwoStep, async (request) => {
    const { user, token } = await auth.completeTwoStepLogin(ctx, request.body, meta(request));
    return { success: true as const, user, token };
  });

  route(app, authApi.me, async (request) => currentUser(request));
  route(app, authApi.profile, async (request) => currentUser(request));

  route(app, authApi.logout, async (request) => {
    if (request.bearerToken) await auth.logout(ctx, request.bearerToken);
    return { success: true as const };
  });
};
