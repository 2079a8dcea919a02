import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EDIT_TEXT_MAX_CHARS, MODEL_REQUIRED_MESSAGE } from '@yumi/core';
import { FakeLlm, fakeProviderConfig } from './fake-llm';
import { createTestApp, errorBody, type TestApp } from './helpers';

let fake: FakeLlm;
let t: TestApp;
let offline: TestApp;
beforeAll(async () => {
  fake = await new FakeLlm().start();
  t = await createTestApp({ ...fakeProviderConfig(fake), AI_RATE_LIMIT_PER_MINUTE: '1000' });
  offline = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t?.close(), offline?.close()]);
  await fake?.close();
});
beforeEach(() => fake.reset());

const local = { provider: 'local', model: 'yumi-local', personality: 'otaku', mode: 'writing-helper' };

describe('POST /api/edit', () => {
  it('offline: rewrites in the four tones by rules', async () => {
    const text = "hey, i can't make it, it's gonna be very hard!!";
    const answers: Record<string, string> = {};
    for (const tone of ['formal', 'casual', 'emotional', 'humorous']) {
      const res = await offline.app.inject({ method: 'POST', url: '/api/edit', payload: { instructions: `Make it ${tone}`, text } });
      expect(res.statusCode, tone).toBe(200);
      answers[tone] = res.json().text;
    }
    expect(answers.formal).toBe('Hello, I cannot make it, it is going to be very hard.');
    expect(answers.emotional).toContain('deeply');
    expect(answers.humorous).toContain('ridiculously');
    expect(new Set(Object.values(answers)).size).toBe(4);
  });

  it('offline: any other instruction needs a model, said plainly', async () => {
    const res = await offline.app.inject({ method: 'POST', url: '/api/edit', payload: { instructions: 'Translate to French', text: 'Good morning' } });
    expect(res.statusCode).toBe(422);
    expect(errorBody(res)).toMatchObject({ code: 'MODEL_REQUIRED', error: MODEL_REQUIRED_MESSAGE });
  });

  it('with a model: sends the instructions and text, answers the rewritten text', async () => {
    fake.reset({ kind: 'ok', words: ['  Bonjour', ' le monde  '] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/edit',
      payload: { instructions: 'Translate to French', text: 'Hello world', context: { provider: 'openai', model: 'gpt-4o-mini', personality: 'teacher', mode: 'main' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Bonjour le monde' });
    const messages = fake.requests[0]!.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]!.content).toMatch(/editor/);
    expect(messages[1]!.content).toContain('Translate to French');
    expect(messages[1]!.content).toContain('Hello world');
  });

  it('without a context uses the default model when configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/edit', payload: { instructions: 'Shorten', text: 'A long text' } });
    expect(res.statusCode).toBe(200);
    expect(fake.requests[0]!.body.model).toBe('qwen-turbo');
  });

  it('refuses bad input', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ instructions: '', text: 'x' }, 422, 'VALIDATION_ERROR'],
      [{ instructions: 'formal', text: '   ' }, 422, 'VALIDATION_ERROR'],
      [{ text: 'x' }, 422, 'VALIDATION_ERROR'],
      [{ instructions: 'formal', text: 'x'.repeat(EDIT_TEXT_MAX_CHARS + 1) }, 422, 'VALIDATION_ERROR'],
      [{ instructions: 'formal', text: 'x', context: { ...local, model: 'gpt-5000' } }, 422, 'UNKNOWN_MODEL'],
      [{ instructions: 'formal', text: 'x', context: { ...local, provider: 'evil' } }, 422, 'VALIDATION_ERROR'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await offline.app.inject({ method: 'POST', url: '/api/edit', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(errorBody(res).code).toBe(code);
    }
  });
});
