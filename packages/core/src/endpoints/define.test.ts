import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { User } from '../auth-schemas';
import type { accountApi, authApi } from './auth';
import { defineEndpoint, endpointRef, urlOf, type CallInput, type ResponseOf } from './define';

describe('urlOf', () => {
  const endpoint = { path: '/api/things/:id/parts/:part' };

  it('fills path parameters, encoded', () => {
    expect(urlOf(endpoint, { id: 'a b/c', part: 3 })).toBe('/api/things/a%20b%2Fc/parts/3');
  });

  it('appends the query, leaving out undefined and null, repeating arrays', () => {
    expect(urlOf({ path: '/api/x' }, undefined, { q: 'tea & cake', page: 2, none: undefined, nil: null, tag: ['a', 'b'], on: false })).toBe(
      '/api/x?q=tea+%26+cake&page=2&tag=a&tag=b&on=false',
    );
  });

  it('refuses a missing path parameter rather than calling a wrong URL', () => {
    expect(() => urlOf(endpoint, { id: 'x' })).toThrow(/missing path parameter part/);
  });
});

describe('endpoint types', () => {
  it('answers the 2xx bodies, not the errors', () => {
    expectTypeOf<ResponseOf<typeof authApi.me>>().toEqualTypeOf<User>();
    expectTypeOf<ResponseOf<typeof authApi.signup>>().toHaveProperty('token');
    const deleted = defineEndpoint({
      method: 'DELETE',
      path: '/api/x/:id',
      access: 'user',
      tag: 'x',
      summary: 'x',
      params: z.object({ id: z.string() }),
      responses: { 204: z.null(), 404: z.object({ error: z.string() }) },
    });
    expectTypeOf<ResponseOf<typeof deleted>>().toEqualTypeOf<undefined>();
    expect(deleted.method).toBe('DELETE');
  });

  it('takes the params, query and body its schemas declare', () => {
    expectTypeOf<CallInput<typeof accountApi.rename>>().toEqualTypeOf<{ params?: never } & { query?: never } & { body: { username: string } }>();
    expectTypeOf<CallInput<typeof authApi.endSession>['params']>().toEqualTypeOf<{ id: string }>();
    // @ts-expect-error a field the body does not have
    const wrong: CallInput<typeof accountApi.rename> = { body: { name: 'x' } };
    void wrong;
  });

  it('a reference names its endpoint exactly (the shell calls through these without loading zod)', () => {
    expect(endpointRef<typeof authApi.me>('GET', '/api/auth/me')).toEqual({ method: 'GET', path: '/api/auth/me' });
    // @ts-expect-error a path the endpoint does not have
    endpointRef<typeof authApi.me>('GET', '/api/auth/mee');
    // @ts-expect-error a method the endpoint does not have
    endpointRef<typeof authApi.me>('POST', '/api/auth/me');
  });
});
