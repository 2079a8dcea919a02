import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config';
import { createTestApp, errorBody, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test-secret-value' });
});
afterAll(() => t.close());

describe('system', () => {
  it('reports health with database kind and providers, never a key', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', reachable: true });
    expect(body.providers.llm).toEqual(['local', 'openai']);
    expect(res.body).not.toContain('sk-test-secret-value');
  });

  it('publishes OpenAPI generated from the schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/signup'].post.requestBody).toBeTruthy();
    expect(Object.keys(doc.paths)).toContain('/api/auth/me');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res).code).toBe('NOT_FOUND');
  });

  it('sends security headers and a request id', async () => {
    const api = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-request-id']).toBe('abc-123');
    const page = await t.app.inject({ url: '/some/page' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['strict-transport-security']).toBeTruthy();
  });

  it('stops on a bad config value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
