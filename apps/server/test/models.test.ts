import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLlm, fakeProviderConfig } from './fake-llm';
import { createTestApp, type TestApp } from './helpers';

/** Every model of the spec's list (first document §9). */
const SPEC_MODELS = [
  ['openai', 'gpt-4'], ['openai', 'gpt-4-turbo'], ['openai', 'gpt-4o'], ['openai', 'gpt-4o-mini'], ['openai', 'gpt-3.5-turbo'],
  ['qwen', 'qwen-turbo'], ['qwen', 'qwen-plus'], ['qwen', 'qwen-max'], ['qwen', 'qwen-vl-plus'], ['qwen', 'qwen-vl-max'],
  ['claude', 'claude-opus-4'], ['claude', 'claude-sonnet-4'], ['claude', 'claude-3-opus'], ['claude', 'claude-3-5-sonnet'], ['claude', 'claude-3-sonnet'], ['claude', 'claude-3-haiku'],
];

let bare: TestApp;
let fake: FakeLlm;
let configured: TestApp;
beforeAll(async () => {
  fake = await new FakeLlm().start();
  // One after the other: two apps starting at once on a busy machine can hit Fastify's plugin timeout.
  bare = await createTestApp();
  configured = await createTestApp(fakeProviderConfig(fake));
});
afterAll(async () => {
  await Promise.all([bare?.close(), configured?.close()]);
  await fake?.close();
});

interface Listed {
  id: string;
  provider: string;
  type: string;
  available: boolean;
  unavailableReason?: string;
  recommended: boolean;
  pricePer1kTokens: number | null;
  dailyFreeTokens: number | null;
  strengths: string[];
  recommendedUses: string[];
  description: string;
}

describe('GET /api/models', () => {
  it('lists the whole catalogue; with no keys only the offline assistant is available and recommended', async () => {
    const res = await bare.app.inject({ url: '/api/models' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { models: Listed[]; defaultModel: unknown; providers: Array<{ id: string; available: boolean }> };
    for (const [provider, id] of SPEC_MODELS) {
      const m = body.models.find((x) => x.id === id && x.provider === provider);
      expect(m, id).toBeDefined();
      expect(m!.available).toBe(false);
      expect(m!.unavailableReason).toMatch(/not configured/);
      expect(m!.description.length).toBeGreaterThan(10);
      expect(m!.strengths.length).toBeGreaterThan(0);
      expect(m!.recommendedUses.length).toBeGreaterThan(0);
      // Every model has either a price (paid) or a daily allowance (free).
      if (m!.type === 'paid') expect(m!.pricePer1kTokens).toBeGreaterThan(0);
      else expect(m!.dailyFreeTokens).toBeGreaterThan(0);
    }
    expect(body.defaultModel).toEqual({ provider: 'local', model: 'yumi-local' });
    expect(body.models.find((m) => m.id === 'yumi-local')).toMatchObject({ available: true, recommended: true, type: 'free' });
    expect(body.providers.filter((p) => p.available).map((p) => p.id)).toEqual(['local']);
  });

  it('with providers configured: all available, the free Qwen Turbo recommended, no key or base URL in the answer', async () => {
    const res = await configured.app.inject({ url: '/api/models' });
    const body = res.json() as { models: Listed[]; defaultModel: unknown };
    expect(body.models.every((m) => m.available)).toBe(true);
    expect(body.defaultModel).toEqual({ provider: 'qwen', model: 'qwen-turbo' });
    expect(body.models.filter((m) => m.recommended).map((m) => m.id)).toEqual(['qwen-turbo']);
    expect(body.models.find((m) => m.provider === 'openai-compatible')).toMatchObject({ id: 'llama3.1', type: 'free' });
    expect(res.body).not.toMatch(/SECRET|127\.0\.0\.1|apiModel/);
  });

  it('is part of the published OpenAPI document', async () => {
    const doc = (await bare.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/models', '/api/chat', '/api/edit', '/api/chat/archives', '/api/chat/archives/{id}']) expect(doc.paths[path], path).toBeDefined();
  });
});
