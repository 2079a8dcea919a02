import {
  apiErrorSchema,
  authSuccessSchema,
  changeEmailRequestSchema,
  mailQueuedResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { requestEmailChange } from './change-email';
import { sendAccountNotice } from './notices';
import { resendVerification, verifyEmail } from './email-verification';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';

/** Everything that sends or opens a mailed link: verification, password reset, change of address. */
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

  app.post(
    '/password-reset/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: mail a reset link (same 202 whether or not the account exists; rate limited)',
        body: passwordResetRequestSchema,
        response: { 202: mailQueuedResponseSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email, { ip: request.ip, language: languageOf(request.headers['accept-language']) });
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link (single use, 30 min; second step when on): ends every session, signs in',
        body: passwordResetConfirmSchema,
        response: { 200: authSuccessSchema, 400: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null;
      const { user, token } = await confirmPasswordReset(ctx, request.body, { userAgent, ip: request.ip });
      sendAccountNotice(ctx, user, 'passwordChanged', languageOf(request.headers['accept-language']));
      return { success: true as const, user, token };
    },
  );

  app.post(
    '/change-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Move the account to a new address: current password, then a link to the new address and a notice to the old one',
        security: [{ bearer: [] }],
        body: changeEmailRequestSchema,
        response: { 202: mailQueuedResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      await requestEmailChange(ctx, currentUser(request).id, request.body, languageOf(request.headers['accept-language']));
      return reply.status(202).send({ accepted: true as const });
    },
  );
};
