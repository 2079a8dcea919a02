import { sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeLlm, sseEvents } from './fake-llm';
import { FakeOllama } from './fake-ollama';
import { createTestApp, errorBody, signUp, signUpVerified, type TestApp } from './helpers';

let t: TestApp;
let fake: FakeLlm;
let ollama: FakeOllama;
let admin: Record<string, string>;
beforeAll(async () => {
  fake = await new FakeLlm().start();
  ollama = await new FakeOllama().start();
  // Qwen from the environment: it must keep working beside the connections.
  t = await createTestApp({ ADMIN_EMAILS: 'ops@example.com', QWEN_API_KEY: 'sk-env-qwen-key-123', QWEN_BASE_URL: fake.url, AI_RATE_LIMIT_PER_MINUTE: '1000', AI_LOCAL_WORD_DELAY_MS: '0' });
  admin = (await signUpVerified(t, 'ops@example.com')).auth;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await ollama?.close();
});
beforeEach(() => {
  fake.reset();
  ollama.requests = [];
  ollama.failWith = null;
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url, payload: payload as object, headers });
const models = async () => (await t.app.inject({ url: '/api/models' })).json() as { models: Array<{ id: string; provider: string; available: boolean }> };
const chat = (provider: string, model: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { accept: 'text/event-stream' },
    payload: { message: 'Hi there', context: { provider, model, personality: 'teacher', mode: 'main' } },
  });

/** A port nobody listens on: the address of a server that is down. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('/api/admin/connections: who and what', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/connections', undefined, {})).statusCode).toBe(401);
    const user = await signUp(t.app, 'plain');
    expect((await call('GET', '/api/admin/connections', undefined, user.auth)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/connections', { kind: 'ollama', name: 'x', baseUrl: ollama.url }, user.auth)).statusCode).toBe(403);
  });

  it('refuses bad input with a named field', async () => {
    const cases: unknown[] = [
      { kind: 'ollama', name: 'No address' },
      { kind: 'openai', name: 'No key' },
      { kind: 'skynet', name: 'x', baseUrl: ollama.url },
      { kind: 'ollama', name: '', baseUrl: ollama.url },
      { kind: 'ollama', name: 'x'.repeat(61), baseUrl: ollama.url },
      { kind: 'ollama', name: 'ftp', baseUrl: 'ftp://example.com' },
      { kind: 'ollama', name: 'js', baseUrl: 'javascript:alert(1)' },
      { kind: 'ollama', name: 'extra', baseUrl: ollama.url, admin: true },
    ];
    for (const payload of cases) {
      const res = await call('POST', '/api/admin/connections', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorBody(res).code).toBe('VALIDATION_ERROR');
    }
    expect((await call('POST', '/api/admin/connections/not-a-uuid/test', {})).statusCode).toBe(422);
    const missing = await call('DELETE', '/api/admin/connections/7f1c1b8e-1b1a-4a55-9d0e-2f6a3f0c9a11', undefined, { ...admin, 'accept-language': 'ja' });
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).error).toBe('この接続はもうありません。');
  });

  it('lists the providers set by environment variables beside the connections', async () => {
    const list = (await call('GET', '/api/admin/connections')).json();
    expect(list.fromEnvironment).toEqual([{ kind: 'qwen', models: expect.arrayContaining(['qwen-turbo', 'qwen-max']) }]);
  });
});

describe('Ollama: models from /api/tags, answers from /api/chat', () => {
  let id = '';
  it('discovers the models, serves them to everyone, streams a chat and tests with latency', async () => {
    const added = await call('POST', '/api/admin/connections', { kind: 'ollama', name: 'Lab Ollama', baseUrl: `${ollama.url}/` });
    expect(added.statusCode).toBe(201);
    id = added.json().id;
    expect(added.json()).toMatchObject({ kind: 'ollama', name: 'Lab Ollama', baseUrl: ollama.url, hasKey: false, models: ['llama3.2:1b', 'qwen2.5:7b'] });
    expect(ollama.requests[0]).toMatchObject({ method: 'GET', path: '/api/tags' });

    const listed = (await models()).models.filter((m) => m.provider === 'ollama');
    expect(listed.map((m) => [m.id, m.available])).toEqual([
      ['llama3.2:1b', true],
      ['qwen2.5:7b', true],
    ]);

    const res = await chat('ollama', 'llama3.2:1b');
    expect(res.statusCode).toBe(200);
    const events = sseEvents(res.body);
    expect(events.filter((e) => e.type === 'delta').map((e) => e.text).join('')).toBe('Hello from Ollama.');
    expect(events.at(-1)).toMatchObject({ type: 'done', message: 'Hello from Ollama.' });
    const sent = ollama.requests.find((r) => r.path === '/api/chat')!;
    expect(sent.body).toMatchObject({ model: 'llama3.2:1b', stream: true });
    expect(JSON.stringify(sent.body.messages)).toContain('Hi there');

    const test = await call('POST', `/api/admin/connections/${id}/test`, { model: 'qwen2.5:7b' });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: true, model: 'qwen2.5:7b', reply: 'Hello from Ollama.' });
    expect(test.json().latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('shows the provider’s own error when the test fails, and finds a newly pulled model on refresh', async () => {
    ollama.failWith = 500;
    const test = await call('POST', `/api/admin/connections/${id}/test`, {});
    expect(test.json()).toMatchObject({ ok: false, status: 500, model: 'llama3.2:1b', error: 'model "llama3.2:1b" not found, try pulling it first' });
    expect((await call('POST', `/api/admin/connections/${id}/test`, { model: 'gpt-4o' })).statusCode).toBe(422);

    ollama.models = [...ollama.models, 'gemma3:4b'];
    const refreshed = await call('POST', `/api/admin/connections/${id}/refresh`);
    expect(refreshed.json().models).toContain('gemma3:4b');
    expect((await models()).models.some((m) => m.provider === 'ollama' && m.id === 'gemma3:4b')).toBe(true);
  });

  it('says in the admin’s language why a server that is down cannot be added', async () => {
    const port = await closedPort();
    const res = await call('POST', '/api/admin/connections', { kind: 'ollama', name: 'Down', baseUrl: `http://127.0.0.1:${port}` }, { ...admin, 'accept-language': 'ja' });
    expect(res.statusCode).toBe(422);
    expect(errorBody(res)).toMatchObject({ code: 'CONNECTION_UNREACHABLE' });
    expect(errorBody(res).error).toContain(`http://127.0.0.1:${port} のモデル一覧を取得できませんでした`);
    expect(errorBody(res).error).toContain('ECONNREFUSED');
  });

  it('removing it takes its models away (audited)', async () => {
    expect((await call('DELETE', `/api/admin/connections/${id}`)).statusCode).toBe(204);
    expect((await models()).models.some((m) => m.provider === 'ollama')).toBe(false);
    const gone = await chat('ollama', 'llama3.2:1b');
    expect(gone.statusCode).toBe(422);
    expect((await call('DELETE', `/api/admin/connections/${id}`)).statusCode).toBe(404);
    const actions = (await call('GET', '/api/admin/audit')).json().entries.map((e: { action: string; targetLabel: string }) => `${e.action} ${e.targetLabel}`);
    expect(actions).toEqual(expect.arrayContaining(['connection.add Lab Ollama', 'connection.remove Lab Ollama']));
  });
});

describe('OpenAI-compatible: models from /v1/models, streamed chat completions', () => {
  it('finds /v1 when the address lacks it and streams through the chat-completions protocol', async () => {
    const root = fake.url.replace(/\/v1$/, '');
    const added = await call('POST', '/api/admin/connections', { kind: 'openai-compatible', name: 'vLLM box', baseUrl: root, apiKey: 'vllm-token-abcdef' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ baseUrl: fake.url, hasKey: true, models: ['llama3.1', 'mistral-7b-instruct'] });
    const res = await chat('openai-compatible', 'mistral-7b-instruct');
    expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'done', message: 'Hello from the fake model.' });
    const sent = fake.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    expect(sent.body).toMatchObject({ model: 'mistral-7b-instruct', stream: true });
    expect(sent.headers.authorization).toBe('Bearer vllm-token-abcdef');
    await call('DELETE', `/api/admin/connections/${added.json().id as string}`);
  });
});

describe('keyed providers: one per kind, key sealed, errors without the key', () => {
  it('stores the key encrypted and reports the provider’s refusal with the key removed', async () => {
    const key = 'sk-live-openai-TOPSECRET-987654';
    const added = await call('POST', '/api/admin/connections', { kind: 'openai', name: 'OpenAI', apiKey: key, baseUrl: fake.url });
    expect(added.statusCode).toBe(201);
    expect(added.body).not.toContain(key);
    expect(added.json().models).toContain('gpt-4o-mini');
    const rows = (await t.database.db.execute(sql`SELECT api_key_sealed FROM llm_connections WHERE kind = 'openai'`)) as unknown as { rows: Array<{ api_key_sealed: string }> };
    const sealed = rows.rows[0]!.api_key_sealed;
    expect(sealed).toMatch(/^sb1\./);
    expect(sealed).not.toContain('TOPSECRET');
    expect((await call('GET', '/api/admin/connections')).body).not.toContain('TOPSECRET');
    expect((await models()).models.find((m) => m.id === 'gpt-4o-mini')?.available).toBe(true);

    const twice = await call('POST', '/api/admin/connections', { kind: 'openai', name: 'Again', apiKey: 'sk-other-key-1234567' }, { ...admin, 'accept-language': 'ko' });
    expect(twice.statusCode).toBe(409);
    expect(errorBody(twice).error).toContain('openai 연결이 이미 있습니다');

    fake.reset({ kind: 'status', status: 401 });
    const test = (await call('POST', `/api/admin/connections/${added.json().id as string}/test`, {})).json();
    expect(test).toMatchObject({ ok: false, status: 401, model: 'gpt-4o-mini' });
    expect(test.error).toContain('Incorrect API key provided');
    expect(test.error).not.toContain('SECRET-LEAK');
    fake.reset();
    const ok = (await call('POST', `/api/admin/connections/${added.json().id as string}/test`, { model: 'gpt-4o-mini' })).json();
    expect(ok).toMatchObject({ ok: true, reply: 'Hello from the fake model.' });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);

    // A key sealed under another server key (ENCRYPTION_KEY changed) is reported, in the admin's language.
    await t.database.db.execute(sql`UPDATE llm_connections SET api_key_sealed = 'sb1.0badc0de.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' WHERE kind = 'openai'`);
    const unreadable = (await call('POST', `/api/admin/connections/${added.json().id as string}/test`, {}, { ...admin, 'accept-language': 'zh' })).json();
    expect(unreadable).toMatchObject({ ok: false, error: expect.stringContaining('ENCRYPTION_KEY') });
    expect(unreadable.error).toContain('请删除此连接后重新添加');
  });

  it('the env provider keeps answering beside the connections', async () => {
    const res = await chat('qwen', 'qwen-turbo');
    expect(sseEvents(res.body).at(-1)).toMatchObject({ type: 'done' });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-env-qwen-key-123');
  });
});
