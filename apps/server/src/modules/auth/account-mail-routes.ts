import { authApi } from '@yumi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { requestEmailChange } from './change-email';
import { sendAccountNotice } from './notices';
import { resendVerification, verifyEmail } from './email-verification';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';

/** Everything that sends or opens a mailed link: verification, password reset, change of address. */
export const accountMailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, authApi.verifyEmail, async (request) => verifyEmail(ctx, request.body.token));

  route(app, authApi.resendVerification, async (request, reply) => {
    await resendVerification(ctx, currentUser(request), { ip: request.ip, language: languageOf(request.headers['accept-language']) });
    return reply.status(202).send({ accepted: true as const });
  });

  route(app, authApi.requestPasswordReset, async (request, reply) => {
    await requestPasswordReset(ctx, request.body.email, { ip: request.ip, language: languageOf(request.headers['accept-language']) });
    return reply.status(202).send({ accepted: true as const });
  });

  route(app, authApi.confirmPasswordReset, async (request) => {
    const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null;
    const { user, token } = await confirmPasswordReset(ctx, request.body, { userAgent, ip: request.ip });
    sendAccountNotice(ctx, user, 'passwordChanged', languageOf(request.headers['accept-language']));
    return { success: true as const, user, token };
  });

  route(app, authApi.changeEmail, async (request, reply) => {
    await requestEmailChange(ctx, currentUser(request).id, request.body, languageOf(request.headers['accept-language']));
    return reply.status(202).send({ accepted: true as const });
  });
};
