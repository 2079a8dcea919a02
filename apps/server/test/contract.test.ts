import * as core from '@yumi/core';
import type { Endpoint } from '@yumi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>> };
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

/** Every endpoint @yumi/core declares (the `...Api` groups). */
const endpoints: [string, Endpoint][] = Object.entries(core)
  .filter(([name]) => name.endsWith('Api'))
  .flatMap(([group, members]) => Object.entries(members as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [`${group}.${name}`, e]));

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('endpoints declared once', () => {
  it('the server registers every declared endpoint, with its statuses and its access', () => {
    expect(endpoints.length).toBeGreaterThan(90);
    for (const [name, e] of endpoints) {
      const operation = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(operation, `${name}: ${e.method} ${e.path}`).toBeDefined();
      for (const status of Object.keys(e.responses)) expect(Object.keys(operation!.responses), `${name} ${status}`).toContain(status);
      const secured = (operation!.security ?? []).some((s) => Object.keys(s as object).includes('bearer'));
      expect(secured, `${name} security`).toBe(e.access !== 'public');
    }
  });

  it('every route the server answers comes from a declared endpoint', () => {
    const declared = new Set(endpoints.map(([, e]) => `${e.method.toLowerCase()} ${openApiPath(e.path)}`));
    const served = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(served.filter((op) => !declared.has(op))).toEqual([]);
  });
});
