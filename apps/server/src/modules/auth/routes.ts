import {
  apiErrorSchema,
  authFailureSchema,
  authSuccessSchema,
  loginRequestSchema,
  signupRequestSchema,
  twoStepLoginRequestSchema,
  twoStepRequiredSchema,
  userSchema,
} from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
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

  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and start a session',
        body: signupRequestSchema,
        response: { 201: authSuccessSchema, 409: authFailureSchema, 422: authFailureSchema, 429: authFailureSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.signup(ctx, request.body, meta(request));
      return reply.status(201).send({ success: true as const, user, token });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (with two-step sign-in on, answers a challenge for the code)',
        body: loginRequestSchema,
        response: {
          200: z.union([authSuccessSchema, twoStepRequiredSchema]),
          401: authFailureSchema,
          422: authFailureSchema,
          429: authFailureSchema,
        },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/login/two-step',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in with an authenticator code or a recovery code',
        body: twoStepLoginRequestSchema,
        response: { 200: authSuccessSchema, 400: authFailureSchema, 401: authFailureSchema, 422: authFailureSchema, 429: authFailureSchema },
      },
    },
    async (request) => {
      const { user, token } = await auth.completeTwoStepLogin(ctx, request.body, meta(request));
      return { success: true as const, user, token };
    },
  );

  const meSchema = {
    tags: ['auth'],
    security: [{ bearer: [] }],
    response: { 200: userSchema, 401: apiErrorSchema },
  };
  app.get('/me', { schema: { ...meSchema, summary: 'The signed-in user' }, onRequest: app.requireUser }, async (request) =>
    currentUser(request),
  );
  app.get(
    '/profile',
    { schema: { ...meSchema, summary: 'The signed-in user (alias of /me)' }, onRequest: app.requireUser },
    async (request) => currentUser(request),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session token',
        security: [{ bearer: [] }],
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      onRequest: app.optionalUser,
    },
    async (request) => {
      if (request.bearerToken) await auth.logout(ctx, request.bearerToken);
      return { success: true as const };
    },
  );
};
