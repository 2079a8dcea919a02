import { aiApi, type ChatContext, type ChatResponse, type ChatTurn } from '@yumi/core';
import { answerOf, ApiError, call, callRaw } from '../api/client';
import { sseEvents } from '../api/sse';

export interface ChatBody {
  message: string;
  context: ChatContext;
  conversationId?: string;
  history?: ChatTurn[];
  /** The ids the client gave the question and its answer (the server archives the turn under them). */
  turnIds?: { user: string; assistant: string };
}

export interface StreamOptions {
  onDelta(text: string): void;
  signal?: AbortSignal;
  /** Called once with the conversation id and usage when the answer is complete. */
  onDone?(done: Omit<ChatResponse, 'message'>): void;
}


/**
 * Streams a chat answer (shared contract): `onDelta` gets each piece as it arrives; resolves with the
 * whole text. Failures before the first piece are ApiErrors with the spec's types (403 goes to /charge,
 * 429 warns); a failure mid-stream is an ApiError of type SERVER with the server's code, and so is an event
 * the endpoint does not declare (code BAD_EVENT).
 */
export async function streamChat(body: ChatBody, { onDelta, signal, onDone }: StreamOptions): Promise<string> {
  const message = body.message.trim();
  if (!message) throw new ApiError('Message is empty', 'VALIDATION', 422, false, 'VALIDATION_ERROR');
  const res = await callRaw(aiApi.chat, { body: { ...body, message } }, { headers: { Accept: 'text/event-stream' }, signal });
  if (!res.body || !/event-stream/.test(res.headers.get('content-type') ?? '')) {
    const json = await answerOf(aiApi.chat, res);
    onDelta(json.message);
    onDone?.({ conversationId: json.conversationId, usage: json.usage });
    return json.message;
  }
  let full = '';
  for await (const event of sseEvents(aiApi.chat, res.body)) {
    if (event.type === 'delta') {
      full += event.text;
      onDelta(event.text);
    } else if (event.type === 'done') {
      onDone?.({ conversationId: event.conversationId, usage: event.usage });
      return event.message || full;
    } else {
      throw new ApiError(event.error, 'SERVER', 502, true, event.code);
    }
  }
  if (signal?.aborted) throw new ApiError('Request was cancelled', 'UNKNOWN', 0, false, 'CANCELLED');
  throw new ApiError('The answer was cut off. Please try again.', 'NETWORK', 0, true, 'STREAM_ENDED');
}

/** Rewrites a text as instructed (POST /api/edit); the offline assistant handles the four tones. */
export async function editText(body: { instructions: string; text: string; context?: ChatContext }, signal?: AbortSignal): Promise<string> {
  return (await call(aiApi.edit, { body }, { signal })).text;
}
