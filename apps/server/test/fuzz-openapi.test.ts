import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../src/modules/billing/ledger';
import type { AppContext } from '../src/context';
import { createTestApp, errorBody, signUp, type TestApp } from './helpers';

/**
 * Walks every operation of the OpenAPI document with hostile values (NUL, lone surrogates, RTL marks,
 * 1 MB strings, huge and negative numbers, wrong types, deep nesting, extra fields) in the path, the query
 * and the body, as an anonymous and as a signed-in caller. Nothing may answer 5xx, a refused request may
 * not charge or write, and every status seen must be declared in the document.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);

const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\u202Eevil\u202C', '\u200F', '%', '_%_', "' OR 1=1 --", '../../etc/passwd', '<script>alert(1)</script>', '', ' ', '💥'.repeat(1000)),
  fc.constant('A'.repeat(1024 * 1024)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 53, -1, -(2 ** 31) - 1, 0, 1e308, -1e308, 0.5),
  fc.integer(),
  fc.double({ noNaN: true }),
);
/** Nesting too deep for a recursive JSON.stringify: kept as JSON text and spliced in when the body is sent. */
class DeepJson {
  constructor(readonly text: string) {}
}
const deep = fc.nat({ max: 3 }).map((k) => {
  const n = [10, 1000, 10_000, 50_000][k]!;
  return new DeepJson(k % 2 ? `${'['.repeat(n)}"x"${']'.repeat(n)}` : `${'{"a":'.repeat(n)}"x"${'}'.repeat(n)}`);
});

/** Percent-encodes a path segment; a lone surrogate goes out as the bytes an attacker would send (CESU-8). */
const encodeSegment = (s: string) =>
  s.split(/([\uD800-\uDFFF])/).map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');

function toJson(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value ?? null, (_k, v: unknown) => (v instanceof DeepJson ? `__deep_${raw.push(v.text) - 1}__` : v));
  return text.replace(/"__deep_(\d+)__"/g, (_m, i: string) => raw[Number(i)]!);
}
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [1, 2, 3], { $gt: '' }, { __proto__: { admin: true } }),
  deep,
);

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
  security?: unknown[];
}

/** A body shaped like the declared one (so validation goes deep), with hostile leaves and an extra field. */
function hostileBody(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const props = schema?.properties ?? schema?.anyOf?.[0]?.properties ?? schema?.oneOf?.[0]?.properties;
  if (!props) return hostileValue;
  const shaped = fc.record(Object.fromEntries(Object.keys(props).map((k) => [k, hostileValue])) as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] });
  return fc.oneof(shaped.map((b) => ({ ...(b as object), extraField: 'x' })), hostileValue);
}

let t: TestApp;
let user: Awaited<ReturnType<typeof signUp>>;
let operations: Array<{ method: string; path: string; op: Operation }>;

const balance = async () => (await t.app.inject({ url: '/api/billing/info', headers: user.auth })).json().balance as number;
const documentCount = async () => ((await t.app.inject({ url: '/api/documents', headers: user.auth })).json().documents as unknown[]).length;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, 'fuzz');
  const ctx = { db: t.database.db, clock: t.clock } as unknown as AppContext;
  await grant(ctx, { userId: user.user.id, amount: 50_000, reason: 'fuzz', sourceType: 'test-seed', sourceId: user.user.id });
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      // Logging out would end the fuzzing caller's own session: it is fuzzed anonymously only.
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

describe('hostile input on every operation of the OpenAPI document', () => {
  it('walks them all: no 5xx, no charge and no write on a refusal, every status declared', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const undeclared = new Set<string>();
    const failures: string[] = [];
    for (const { method, path, op } of operations) {
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const signedInToo = !(path === '/api/auth/logout');
      const input = fc.record({
        params: fc.tuple(...pathParams.map(() => hostileString)),
        query: fc.tuple(...queryParams.map(() => hostileValue)),
        body: hasBody ? hostileBody(bodySchema) : fc.constant(undefined),
        signedIn: signedInToo ? fc.boolean() : fc.constant(false),
      });
      const samples = fc.sample(input, { seed: SEED, numRuns: RUNS_PER_OPERATION });
      for (const sample of samples) {
        let url = path;
        pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, encodeSegment(String(sample.params[i])))));
        const qs = new URLSearchParams();
        queryParams.forEach((name, i) => qs.set(name, typeof sample.query[i] === 'string' ? (sample.query[i] as string) : toJson(sample.query[i]).slice(0, 10_000)));
        qs.set('extra', '\u0000');
        if (queryParams.length) url += `?${qs.toString()}`;
        const before = sample.signedIn ? [await balance(), await documentCount()] : null;
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...(sample.signedIn ? user.auth : {}), 'content-type': 'application/json' },
          payload: hasBody ? toJson(sample.body) : undefined,
        });
        const where = `${method} ${path} (${sample.signedIn ? 'signed in' : 'anonymous'}, seed ${SEED})`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          try {
            errorBody(res);
          } catch (err) {
            failures.push(`${where}: ${res.statusCode} is not the error shape (${(err as Error).message.slice(0, 120)})`);
          }
        }
        if (!(String(res.statusCode) in (op.responses ?? {}))) undeclared.add(`${method} ${path} ${res.statusCode}`);
        // A refused request charges nothing and writes nothing (successes may, legitimately).
        if (before && res.statusCode >= 400) {
          const after = [await balance(), await documentCount()];
          if (after.join() !== before.join()) failures.push(`${where}: refused with ${res.statusCode} but balance/documents went ${before} -> ${after}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...undeclared].sort()).toEqual([]);
  }, 120_000);

  it('every operation declares its security', () => {
    const missing = operations.filter(({ op }) => !Array.isArray(op.security)).map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });
});
