import { afterAll, beforeAll, beforeEach } from 'vitest';
import { FakeLlm, fakeProviderConfig } from './fake-llm';
import { createTestApp, type TestApp } from './helpers';

/**
 * The test file's app with its language models served by the fake provider (the real wire protocols): started
 * once for the file, the fake's script and recorded requests reset before each test. `fake` and `t` are there
 * from the file's `beforeAll` on. (Not in fake-llm.ts: the browser tests' server imports that, without vitest.)
 */
export function useFakeLlmApp(env: Parameters<typeof createTestApp>[0] = {}): { fake: FakeLlm; t: TestApp } {
  const state = {} as { fake: FakeLlm; t: TestApp };
  beforeAll(async () => {
    state.fake = await new FakeLlm().start();
    state.t = await createTestApp({ ...fakeProviderConfig(state.fake), AI_RATE_LIMIT_PER_MINUTE: '1000', ...env });
  });
  afterAll(async () => {
    await state.t?.close();
    await state.fake?.close();
  });
  beforeEach(() => state.fake.reset());
  return state;
}
