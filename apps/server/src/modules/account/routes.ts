import {
  apiErrorSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  deleteAccountRequestSchema,
  passwordOnlyRequestSchema,
  profileResponseSchema,
  recoveryCodesSchema,
  twoStepConfirmRequestSchema,
  twoStepEnableRequestSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
  updateProfileRequestSchema,
} from '@yumi/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountNotice } from '../auth';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { sendAccountNotice } from '../auth';
import * as account from './service';
import * as twoStep from './two-step';
import { deleteAccount } from './delete';
import { exportArchive } from './export/archive';
import { z } from 'zod';

/** /api/account: what the account page changes about the signed-in user. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const base = { tags: ['account'], security: [{ bearer: [] }] };
  /** After a change that matters succeeded: a notice to the account's address, in the reader's language. */
  const notify = (request: FastifyRequest, kind: AccountNotice) =>
    sendAccountNotice(ctx, currentUser(request), kind, languageOf(request.headers['accept-language']));

  app.get(
    '/export',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'All of my data as one zip (documents, reports, characters with PNG and PSD layers, images, chats, purchases, ledger)',
        // The 200 body is a zip stream: Fastify does not serialise streams, the schema only documents it.
        response: { 200: z.unknown().describe('A zip archive (application/zip), streamed'), 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { stream, filename } = await exportArchive(ctx, currentUser(request).id);
      notify(request, 'dataExported');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        // A stream is piped as is (Fastify skips serialisation); the schema only describes JSON errors.
        .send(stream as never);
    },
  );

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
    async (request) => {
      const changed = await account.changePassword(ctx, currentUser(request).id, request.bearerToken!, request.body);
      notify(request, 'passwordChanged');
      return changed;
    },
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

  const refusals = { 400: apiErrorSchema, 409: apiErrorSchema };
  app.get(
    '/two-step',
    { onRequest: app.requireUser, schema: { ...base, summary: 'Whether two-step sign-in is on, and recovery codes left', response: { 200: twoStepStatusSchema } } },
    async (request) => twoStep.status(ctx, currentUser(request).id),
  );
  app.post(
    '/two-step/setup',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'Start turning on two-step sign-in (password required): a new authenticator key and its QR code',
        body: passwordOnlyRequestSchema,
        response: { 200: twoStepSetupSchema, ...refusals },
      },
    },
    async (request) => twoStep.beginSetup(ctx, currentUser(request).id, request.body.password),
  );
  app.post(
    '/two-step/enable',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'Confirm the setup with a code from the app: two-step sign-in is on; answers ten recovery codes',
        body: twoStepEnableRequestSchema,
        response: { 200: recoveryCodesSchema, ...refusals },
      },
    },
    async (request) => {
      const codes = await twoStep.enable(ctx, currentUser(request).id, request.body.code);
      notify(request, 'twoStepOn');
      return codes;
    },
  );
  app.post(
    '/two-step/disable',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'Turn two-step sign-in off (password and a code or recovery code)',
        body: twoStepConfirmRequestSchema,
        response: { 200: twoStepStatusSchema, ...refusals },
      },
    },
    async (request) => {
      const status = await twoStep.disable(ctx, currentUser(request).id, request.body.password, request.body.code);
      notify(request, 'twoStepOff');
      return status;
    },
  );
  app.post(
    '/two-step/recovery-codes',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'Replace the recovery codes with ten new ones (password and a code or recovery code)',
        body: twoStepConfirmRequestSchema,
        response: { 200: recoveryCodesSchema, ...refusals },
      },
    },
    async (request) => twoStep.regenerateRecoveryCodes(ctx, currentUser(request).id, request.body.password, request.body.code),
  );

  app.delete(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        summary: 'Delete the account (password, and a code when two-step sign-in is on); purchases and ledger stay anonymised',
        body: deleteAccountRequestSchema,
        response: { 200: z.object({ success: z.literal(true) }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      await deleteAccount(ctx, currentUser(request).id, request.body);
      notify(request, 'accountDeleted'); // the user as this request knew it: the row is anonymous now
      return { success: true as const };
    },
  );
};
