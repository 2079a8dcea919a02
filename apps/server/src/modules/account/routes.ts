import { accountApi } from '@yumi/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountNotice } from '../auth';
import type { AppContext } from '../../context';
import { languageOf } from '../../lib/language';
import { currentUser } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { sendDownload } from '../../lib/send-download';
import { sendAccountNotice } from '../auth';
import * as account from './service';
import * as twoStep from './two-step';
import { deleteAccount } from './delete';
import { exportArchive } from './export/archive';

/** /api/account: what the account page changes about the signed-in user. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** After a change that matters succeeded: a notice to the account's address, in the reader's language. */
  const notify = (request: FastifyRequest, kind: AccountNotice) =>
    sendAccountNotice(ctx, currentUser(request), kind, languageOf(request.headers['accept-language']));

  route(app, accountApi.export, async (request, reply) => {
    const { stream, filename } = await exportArchive(ctx, currentUser(request).id);
    notify(request, 'dataExported');
    return sendDownload(reply, { type: 'application/zip', name: filename, body: stream, headers: { 'cache-control': 'no-store' } });
  });

  route(app, accountApi.changePassword, async (request) => {
    const changed = await account.changePassword(ctx, currentUser(request).id, request.bearerToken!, request.body);
    notify(request, 'passwordChanged');
    return changed;
  });

  route(app, accountApi.rename, async (request) => account.rename(ctx, currentUser(request).id, request.body.username));

  route(app, accountApi.twoStep, async (request) => twoStep.status(ctx, currentUser(request).id));
  route(app, accountApi.twoStepSetup, async (request) => twoStep.beginSetup(ctx, currentUser(request).id, request.body.password));
  route(app, accountApi.twoStepEnable, async (request) => {
    const codes = await twoStep.enable(ctx, currentUser(request).id, request.body.code);
    notify(request, 'twoStepOn');
    return codes;
  });
  route(app, accountApi.twoStepDisable, async (request) => {
    const status = await twoStep.disable(ctx, currentUser(request).id, request.body.password, request.body.code);
    notify(request, 'twoStepOff');
    return status;
  });
  route(app, accountApi.recoveryCodes, async (request) =>
    twoStep.regenerateRecoveryCodes(ctx, currentUser(request).id, request.body.password, request.body.code),
  );

  route(app, accountApi.delete, async (request) => {
    await deleteAccount(ctx, currentUser(request).id, request.body);
    notify(request, 'accountDeleted'); // the user as this request knew it: the row is anonymous now
    return { success: true as const };
  });
};
