import type { User } from '@yumi/core';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../lib/http-error';
import { userForToken } from '../modules/auth';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** The raw bearer token of this request, if any. */
    bearerToken: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook (runs before the body is read): resolves request.user when a valid token is sent; anonymous otherwise. */
    optionalUser: onRequestHookHandler;
    /** onRequest hook (runs before the body is read): 401 unless signed in. */
    requireUser: onRequestHookHandler;
    /** onRequest hook (runs before the body is read): 403 unless an admin. */
    requireAdmin: onRequestHookHandler;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Signed-in user of a request; throws 401 when there is none. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * An onRequest hook that resolves request.user and then applies `rule` (which throws to refuse). Callback
 * style: a cached session (most requests) answers synchronously, so it costs no promise on every request.
 */
function userHook(ctx: AppContext, rule: (request: FastifyRequest) => void): onRequestHookHandler {
  return (request, _reply, done) => {
    const token = (request.bearerToken = bearerToken(request));
    const user = token ? userForToken(ctx, token, request.ip, request.raw.socket) : null;
    if (!(user instanceof Promise)) {
      request.user = user;
      rule(request);
      done();
      return;
    }
    user.then((found) => {
      request.user = found;
      let refusal: Error | undefined;
      try {
        rule(request);
      } catch (err) {
        refusal = err as Error;
      }
      done(refusal);
    }, done);
  };
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('bearerToken', null);

  app.decorate('optionalUser', userHook(opts.ctx, () => undefined));
  app.decorate(
    'requireUser',
    userHook(opts.ctx, (request) => {
      if (!request.user) throw unauthorized(request.bearerToken ? 'Your session has expired. Please sign in again.' : 'Sign in required');
    }),
  );
  app.decorate(
    'requireAdmin',
    userHook(opts.ctx, (request) => {
      if (!request.user) throw unauthorized();
      if (request.user.role !== 'admin') throw forbidden('Administrators only');
    }),
  );
});
