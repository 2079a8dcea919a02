import { describe, expect, it } from 'vitest';
import { estimateTokens, PERSONAS } from '@yumi/core';
import { fakeProviderConfig, sseEvents } from './fake-llm';
import { createTestApp, errorBody } from './helpers';
import { useFakeLlmApp } from './fake-llm-app';

// A generous timeout: on a loaded runner a first call can take over a second (it once hit a 400 ms bound).
const s = useFakeLlmApp({ AI_TIMEOUT_MS: '20000' });

const chat = (provider: string, model: string, extra: Record<string, unknown> = {}, stream = false) =>
  s.t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: stream ? { accept: 'text/event-stream' } : {},
    payload: { message: 'Hello there, how are you?', context: { provider, model, personality: 'tsundere', mode: 'writing-helper' }, ...extra },
  });

describe('real providers through the Vercel AI SDK against fake servers', () => {
  it('OpenAI: chat completions with SSE, bearer key, persona system prompt, capped output', async () => {
    const res = await chat('openai', 'gpt-4o-mini', {}, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = sseEvents(res.body);
    const deltas = events.filter((e) => e.type === 'delta').map((e) => e.text);
    expect(deltas).toEqual(['Hello', ' from', ' the', ' fake', ' model.']);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', message: 'Hello from the fake model.', usage: { provider: 'openai', model: 'gpt-4o-mini', inputTokens: 40, outputTokens: 5 } });
    const seen = s.fake.requests[0]!;
    expect(seen.path).toBe('/v1/chat/completions');
    expect(seen.headers.authorization).toBe('Bearer sk-test-openai-SECRET');
    expect(seen.body).toMatchObject({ model: 'gpt-4o-mini', stream: true });
    expect(Number(seen.body.max_tokens)).toBeLessThanOrEqual(2000);
    const messages = seen.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain(PERSONAS.tsundere.name);
    expect(messages[0]!.content).toContain('Writing Helper');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Hello there, how are you?' });
  });

  it('Anthropic: messages API with SSE, x-api-key and the dated model name', async () => {
    const res = await chat('claude', 'claude-3-haiku');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Hello from the fake model.', usage: { provider: 'claude', inputTokens: 40 } });
    const seen = s.fake.requests[0]!;
    expect(seen.path).toBe('/v1/messages');
    expect(seen.headers['x-api-key']).toBe('sk-ant-test-SECRET');
    expect(seen.body.model).toBe('claude-3-haiku-20240307');
    expect(JSON.stringify(seen.body.system)).toContain('Tsundere');
  });

  it('Qwen (DashScope compatible mode) and a self-hosted OpenAI-compatible server', async () => {
    const qwen = await chat('qwen', 'qwen-turbo');
    expect(qwen.statusCode).toBe(200);
    expect(s.fake.requests[0]!.headers.authorization).toBe('Bearer sk-test-qwen-SECRET');
    expect(s.fake.requests[0]!.body.model).toBe('qwen-turbo');
    const local = await chat('openai-compatible', 'llama3.1');
    expect(local.statusCode).toBe(200);
    expect(s.fake.requests[1]!.body.model).toBe('llama3.1');
  });

  it('a provider 429 stays a 429 with its Retry-After; no provider text or key leaks', async () => {
    s.fake.reset({ kind: 'status', status: 429, headers: { 'retry-after': '7' } });
    for (const stream of [false, true]) {
      const res = await chat('openai', 'gpt-4o-mini', {}, stream);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('7');
      expect(errorBody(res).code).toBe('PROVIDER_RATE_LIMITED');
      expect(res.body).not.toMatch(/SECRET|sk-/);
    }
  });

  it('maps provider 401, 500 and 400 to SERVER and VALIDATION errors without the provider message', async () => {
    const cases: Array<[number, number, string]> = [
      [401, 502, 'PROVIDER_AUTH_FAILED'],
      [500, 503, 'PROVIDER_UNAVAILABLE'],
      [400, 422, 'PROVIDER_REJECTED'],
    ];
    for (const [upstream, status, code] of cases) {
      s.fake.reset({ kind: 'status', status: upstream });
      const res = await chat('claude', 'claude-3-haiku');
      expect(res.statusCode, `upstream ${upstream}`).toBe(status);
      expect(errorBody(res).code).toBe(code);
      expect(res.body).not.toMatch(/SECRET|sk-|Incorrect API key/);
    }
  });

  it('malformed SSE and a failure mid-stream end the stream with a clean error event', async () => {
    for (const kind of ['malformed', 'midstream'] as const) {
      for (const provider of [['openai', 'gpt-4o-mini'], ['claude', 'claude-3-haiku']] as const) {
        s.fake.reset({ kind });
        const res = await chat(provider[0], provider[1], {}, true);
        expect(res.statusCode).toBe(200);
        const events = sseEvents(res.body);
        expect(events[0]).toEqual({ type: 'delta', text: 'Hello' });
        const last = events.at(-1)!;
        expect(last.type, `${kind} ${provider[0]}`).toBe('error');
        expect(String(last.code)).toMatch(/^PROVIDER_/);
        expect(res.body).not.toMatch(/SECRET|sk-/);
      }
    }
  });

  it('a provider that hangs, before its first token or after it, is abandoned after the timeout', async () => {
    // Its own app with a short bound: a hang always outlasts it, however busy the machine is.
    const short = await createTestApp({ ...fakeProviderConfig(s.fake), AI_TIMEOUT_MS: '1500', AI_RATE_LIMIT_PER_MINUTE: '1000' });
    const ask = () =>
      short.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { accept: 'text/event-stream' },
        payload: { message: 'Hello there, how are you?', context: { provider: 'openai', model: 'gpt-4o-mini', personality: 'tsundere', mode: 'writing-helper' } },
      });
    let resume: () => void = () => undefined;
    try {
      s.fake.reset({ kind: 'hang' });
      const started = Date.now();
      const res = await ask();
      expect(res.statusCode).toBe(504);
      expect(errorBody(res).code).toBe('PROVIDER_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(15_000);
      await expect.poll(() => s.fake.cancelled).toBe(1);

      // Silent after the first word: the stream that already began ends with the timeout's error event.
      s.fake.reset({ kind: 'ok', holdAfterFirst: new Promise<void>((r) => (resume = () => r())) });
      const stalled = await ask();
      expect(stalled.statusCode).toBe(200);
      expect(sseEvents(stalled.body).map((e) => [e.type, e.text ?? e.code])).toEqual([
        ['delta', 'Hello'],
        ['error', 'PROVIDER_TIMEOUT'],
      ]);
      await expect.poll(() => s.fake.cancelled).toBe(1);
    } finally {
      resume();
      await short.close();
    }
  });

  it('settles with an estimate when the provider reports no usage', async () => {
    s.fake.reset({ kind: 'ok', omitUsage: true });
    const done = sseEvents((await chat('openai', 'gpt-4o-mini', {}, true)).body).at(-1)!;
    const system = (s.fake.requests[0]!.body.messages as Array<{ content: string }>)[0]!.content;
    const inputTokens = estimateTokens(system) + estimateTokens('Hello there, how are you?') + 4;
    expect(done).toMatchObject({ type: 'done', usage: { inputTokens, outputTokens: estimateTokens('Hello from the fake model.') } });
  });

  it('gives the free allowance back when the call fails', async () => {
    s.fake.reset({ kind: 'status', status: 500 });
    await chat('qwen', 'qwen-turbo');
    const { rows } = (await s.t.database.db.execute(
      // Every hold of a failed call is returned.
      (await import('drizzle-orm')).sql`SELECT COALESCE(SUM(free_reserved), 0)::int AS held FROM ai_usage_daily`,
    )) as unknown as { rows: Array<{ held: number }> };
    expect(Number(rows[0]!.held)).toBe(0);
  });
});
