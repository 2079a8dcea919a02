import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode, safeParse } from 'zod/v4/core';

/** Schema kinds whose parse (forward) and encode (backward) can give a different output or verdict. */
const DIRECTIONAL = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'success']);

const isSchema = (value: unknown): value is $ZodType => value instanceof $ZodType;

/** Whether parsing a value gives what encoding it would: no transform, codec, default or tag-less union anywhere inside. */
export function parsesAsItEncodes(root: $ZodType): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isSchema(node) || seen.has(node)) continue;
    seen.add(node);
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    // A discriminated union picks its option differently when encoding a value without a known tag.
    if (DIRECTIONAL.has(def.type) || (def.type === 'union' && 'discriminator' in def)) return false;
    if (def.type === 'lazy') stack.push((def.getter as () => unknown)());
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) stack.push(...(value as unknown[]));
      else if (isSchema(value)) stack.push(value);
      // An object's shape (other plain objects of a definition, such as an enum's entries, hold no schemas).
      else if (value && typeof value === 'object') stack.push(...Object.values(value));
    }
  }
  return true;
}

type Check = (data: unknown) => ReturnType<typeof safeParse>;

/** One check per schema (routes share schemas: the error shape, the user), built on first use so start-up stays quick. */
const checks = new WeakMap<$ZodType, Check>();

/** A compiled classic schema's own safeParse calls the generated parser directly; zod core's goes through its run. */
const parserOf = (compiled: $ZodType): Check =>
  compiled instanceof z.ZodType ? (data) => compiled.safeParse(data) : (data) => safeParse(compiled, data);

function checkOf(schema: $ZodType): Check {
  let check = checks.get(schema);
  if (!check) {
    check = parsesAsItEncodes(schema) ? parserOf(z.compile(schema)) : (data) => safeEncode(schema, data);
    checks.set(schema, check);
  }
  return check;
}

/**
 * Every response is validated against its schema as fastify-type-provider-zod's serializer does it (the
 * schema's output, or a ResponseSerializationError that plugins/errors.ts answers with a 500), but where
 * parsing and encoding agree, by a parse through the schema compiled with z.compile: encoding runs each checked
 * schema twice (a canary pass, then the checks) and never takes the compiled path, and it was a tenth of a
 * signed-in request's time.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  if (!isSchema(schema)) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  let check: Check | undefined;
  return (data) => {
    check ??= checkOf(schema);
    const result = check(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
