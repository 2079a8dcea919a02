import { apiErrorSchema, mailQueuedResponseSchema, verifyEmailRequestSchema, verifyEmailResponseSchema } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { resendVerification, verifyEmail } from './email-verification';

/** The links sent by mail: email verification (more in password-reset and change-email). */
export const accountMailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open an email verification link (single use, 24 h)',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) => verifyEmail(ctx, request.body.token),
  );

  app.post(
    '/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link to the signed-in account (rate limited)',
        security: [{ bearer: [] }],
        response: { 202: mailQueuedResponseSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      await resendVerification(ctx, currentUser(request), { ip: request.ip, language: languageOf(request.headers['accept-language']) });
      return reply.status(202).send({ accepted: true as const });
    },
  );
};
