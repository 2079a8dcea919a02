import type { User } from '@yumi/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    optionalUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook (runs before the body is read): 401 unless signed in. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook (runs before the body is read): 403 unless an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
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

export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('bearerToken', null);

  const resolve = async (request: FastifyRequest) => {
    request.bearerToken = bearerToken(request);
    request.user = request.bearerToken ? await userForToken(opts.ctx, request.bearerToken, request.ip) : null;
  };
  app.decorate('optionalUser', resolve);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await resolve(request);
    if (!request.user) {
      throw unauthorized(request.bearerToken ? 'Your session has expired. Please sign in again.' : 'Sign in required');
    }
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await resolve(request);
    if (!request.user) throw unauthorized();
    if (request.user.role !== 'admin') throw forbidden('Administrators only');
  });
});
