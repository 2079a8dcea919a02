import { aiApi } from '@yumi/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamChat } from '../ai/streamChat';
import { GenerationError, generateOnce } from '../image-generation/generation';
import { ApiError } from './client';
import { BAD_EVENT, sseEvents } from './sse';

// Requests here never reach a server: no reachability probes.
vi.mock('../network/connectivity', () => ({ reportReached: () => undefined, reportNetworkFailure: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

/** An event-stream body sending these `data:` payloads (as text, so malformed ones can be sent too). */
const streamOf = (...payloads: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of payloads) controller.enqueue(new TextEncoder().encode(`data: ${p}\n\n`));
      controller.close();
    },
  });
const eventStream = (...payloads: string[]) => new Response(streamOf(...payloads), { headers: { 'Content-Type': 'text/event-stream' } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const usage = { provider: 'local', model: 'yumi', inputTokens: 1, outputTokens: 2, totalTokens: 3, charged: 0, freeTokensRemaining: null };
const done = { type: 'done', message: 'Hi there', conversationId: '7b0c2a52-6c1e-4b7e-9a43-1f0d6f3e2a11', usage };

async function collect<T>(events: AsyncGenerator<T>): Promise<{ got: T[]; error: unknown }> {
  const got: T[] = [];
  try {
    for await (const e of events) got.push(e);
    return { got, error: null };
  } catch (error) {
    return { got, error };
  }
}

describe('server-sent events are checked against the endpoint', () => {
  it('passes the events the endpoint declares', async () => {
    const { got, error } = await collect(sseEvents(aiApi.chat, streamOf(JSON.stringify({ type: 'delta', text: 'Hi' }), JSON.stringify(done))));
    expect(error).toBeNull();
    expect(got).toEqual([{ type: 'delta', text: 'Hi' }, done]);
  });

  it('an event of the wrong shape, or not JSON, is an error after the good ones, not a cast', async () => {
    for (const bad of [JSON.stringify({ type: 'delta' }), JSON.stringify({ ...done, usage: { ...usage, totalTokens: 'three' } }), '{"type":"delta","text":', JSON.stringify({ type: 'status', job: {} })]) {
      const { got, error } = await collect(sseEvents(aiApi.chat, streamOf(JSON.stringify({ type: 'delta', text: 'Hi' }), bad, JSON.stringify(done))));
      expect(got, bad).toEqual([{ type: 'delta', text: 'Hi' }]);
      expect(error, bad).toBeInstanceOf(ApiError);
      expect(error, bad).toMatchObject({ code: BAD_EVENT, type: 'SERVER', isRetryable: false });
    }
  });

  it('streamChat fails on a malformed event, with what came before it shown', async () => {
    vi.stubGlobal('fetch', async () => eventStream(JSON.stringify({ type: 'delta', text: 'Hel' }), JSON.stringify({ type: 'delta', text: 42 })));
    const deltas: string[] = [];
    const onDone = vi.fn();
    const answer = streamChat(
      { message: 'Hello', context: { provider: 'local', model: 'yumi', personality: 'otaku', mode: 'main' } },
      { onDelta: (d) => deltas.push(d), onDone },
    );
    await expect(answer).rejects.toMatchObject({ name: 'ApiError', code: BAD_EVENT });
    expect(deltas).toEqual(['Hel']);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a malformed job event fails the generation at once: no polling, no second (paid) job', async () => {
    const jobId = '0b7d4c9e-2f3a-4c55-8e21-9d6f1a2b3c4d';
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push(`${init.method} ${url}`);
      if (url.endsWith('/generate')) return json(202, { jobId, status: 'queued', position: 0, payment: 'trial' });
      return eventStream(JSON.stringify({ type: 'status', job: { id: jobId, status: 'exploded' } }));
    });
    const error = await generateOnce('a cat', {}, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect(error).toMatchObject({ type: 'OTHER', code: BAD_EVENT });
    expect(requests).toEqual(['POST /api/anime-chara-helper/generate', `GET /api/anime-chara-helper/jobs/${jobId}/events`]);
  });
});
