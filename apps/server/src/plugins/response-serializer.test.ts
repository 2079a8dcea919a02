import { userSchema } from '@yumi/core';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsesAsItEncodes, responseSerializerCompiler } from './response-serializer';

const serializerOf = (schema: unknown) => responseSerializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

const user = { id: 'u1', email: 'a@b.co', username: 'ann', role: 'user', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z' };

describe('response serializer', () => {
  it('sends only what the schema declares (a stray secret field is dropped)', () => {
    const body = serializerOf(userSchema)({ ...user, passwordHash: 'scrypt$secret' });
    expect(JSON.parse(body)).toEqual(user);
  });

  it('refuses a response that does not match its schema, each time', () => {
    const serialize = serializerOf(userSchema);
    for (const bad of [{ ...user, role: 'owner' }, { ...user, emailVerified: 'yes' }, null]) {
      let thrown: unknown;
      try {
        serialize(bad);
      } catch (err) {
        thrown = err;
      }
      expect(isResponseSerializationError(thrown)).toBe(true);
    }
  });

  it('keeps checks (lengths, formats, refinements) and nested shapes', () => {
    const schema = z.object({ items: z.array(z.object({ n: z.number().int().min(1), tag: z.string().max(3) })), at: z.iso.datetime().nullable() });
    const serialize = serializerOf(schema);
    expect(serialize({ items: [{ n: 2, tag: 'abc', extra: 1 }], at: null })).toBe('{"items":[{"n":2,"tag":"abc"}],"at":null}');
    expect(() => serialize({ items: [{ n: 0, tag: 'abc' }], at: null })).toThrow();
    expect(() => serialize({ items: [{ n: 1, tag: 'abcd' }], at: null })).toThrow();
    expect(() => serialize({ items: [], at: 'yesterday' })).toThrow();
  });

  it('encodes (as before) where parsing would differ: transforms, codecs, defaults, tagged unions', () => {
    expect(parsesAsItEncodes(userSchema)).toBe(true);
    expect(parsesAsItEncodes(z.object({ a: z.array(z.string().transform((s) => s.length)) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ when: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(parsesAsItEncodes(z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]))).toBe(false);
    const tree: z.ZodType = z.lazy(() => z.object({ children: z.array(tree) }));
    expect(parsesAsItEncodes(tree)).toBe(true);
    // A codec's encode direction still serializes a Date to its wire form.
    const codec = z.object({ when: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) });
    expect(serializerOf(codec)({ when: new Date('2026-01-02T03:04:05.000Z') })).toBe('{"when":"2026-01-02T03:04:05.000Z"}');
  });
});
