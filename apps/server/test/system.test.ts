import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config';
import { createTestApp, errorBody, signUp, signUpVerified, type TestApp } from './helpers';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAs>>;
const signUpAs = (email: string) => signUpVerified(t, email);
beforeAll(async () => {
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test-secret-value', ADMIN_EMAILS: 'ops@example.com' });
  admin = await signUpAs('ops@example.com');
});
afterAll(() => t.close());

describe('system', () => {
  it('tells the public only up or down: no providers, database kind or version', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toMatch(/openai|pglite|postgres|procedural|test-checkout|version/i);
    // The web app's connectivity probe: HEAD answers, cheaply, with no body.
    const head = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers 503 degraded, and still nothing more, when the database cannot be reached', async () => {
    const ping = t.database.ping;
    t.database.ping = async () => false;
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded' });
      const details = await t.app.inject({ url: '/api/health/details', headers: admin.auth });
      expect(details.statusCode).toBe(503);
      expect(details.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    } finally {
      t.database.ping = ping;
    }
  });

  it('answers liveness always and readiness only while the database and the blob storage answer', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    const ping = t.database.ping;
    t.database.ping = async () => false;
    try {
      expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.database.ping = ping;
    }
    const storePing = t.blobStore.ping;
    t.blobStore.ping = async () => {
      throw new Error('disk gone');
    };
    try {
      const down = await t.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'degraded' });
      const details = await t.app.inject({ url: '/api/health/details', headers: admin.auth });
      expect(details.json()).toMatchObject({ status: 'degraded', database: { reachable: true }, storage: { kind: 'files', reachable: false } });
    } finally {
      t.blobStore.ping = storePing;
    }
  });

  it('gives the details (database, providers, version) to admins only, never a key', async () => {
    const anonymous = await t.app.inject({ url: '/api/health/details' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorBody(anonymous).code).toBe('UNAUTHORIZED');
    const user = await signUp(t.app);
    const notAdmin = await t.app.inject({ url: '/api/health/details', headers: user.auth });
    expect(notAdmin.statusCode).toBe(403);
    expect(errorBody(notAdmin).code).toBe('FORBIDDEN');
    expect(notAdmin.body).not.toMatch(/openai/i);

    const res = await t.app.inject({ url: '/api/health/details', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.database).toEqual({ kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', reachable: true });
    expect(body.storage).toEqual({ kind: 'files', reachable: true });
    expect(body.providers.llm).toEqual(['local', 'openai']);
    expect(res.body).not.toContain('sk-test-secret-value');

    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/health/details'].get;
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '503']));
    expect(Object.keys(doc.paths['/api/health'].get.responses).sort()).toEqual(['200', '500', '503']);
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
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL.*redis:\/\//);
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380/1' }).REDIS_URL).toBe('rediss://cache:6380/1');
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 192.0.2.1');
  });
});
