import { randomUUID } from 'node:crypto';
import { streamText, type ToolSet } from 'ai';
import { estimateTokens, MODEL_REQUIRED_MESSAGE, trimHistory, type ChatTurn, type ChatUsage, type ModelInfo } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { mapProviderError, ProviderTimeoutError } from '../../providers/llm/errors';
import { llmSetup } from '../connections';
import { openMeter } from './metering';

/**
 * The one way any module calls a language model (shared contract): the same rate limit, free
 * allowance, credit reservation and settlement, timeout and error mapping for chat, edit and others.
 */
export interface GenerateInput {
  userId: string | null;
  ip: string;
  provider: string;
  model: string;
  system: string;
  /** The conversation, oldest first; the last one is the new user message. Older turns are trimmed to fit. */
  messages: ChatTurn[];
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  /** Tools the model may call, without `execute` (chat: open_screen); `onToolCall` turns a call into text added to the answer. */
  tools?: ToolSet;
  onToolCall?(toolName: string, input: unknown): string | null;
}

export interface GenerateResult {
  text: string;
  usage: ChatUsage;
}

export interface RunningGeneration {
  model: ModelInfo;
  /** The answer as it arrives; throws the mapped HttpError on failure. Stopping early cancels the call. */
  deltas: AsyncIterable<string>;
  /** Settles once the deltas are consumed: the full text and what it cost. */
  result: Promise<GenerateResult>;
}

export const modelRequired = () => new HttpError(422, 'MODEL_REQUIRED', MODEL_REQUIRED_MESSAGE);
export const subjectOf = (userId: string | null, ip: string) => (userId ? `user:${userId}` : `ip:${ip}`);

/** Per-minute limit per user (or IP). */
export async function limitAiCalls(ctx: AppContext, subject: string): Promise<void> {
  await ctx.rateLimits.hit(`ai:${subject}`, ctx.config.AI_RATE_LIMIT_PER_MINUTE, 60);
}

/** Keeps the newest turns that fit the model's context with room for the answer. */
function fitToContext(model: ModelInfo, system: string, messages: ChatTurn[], maxOutput: number): ChatTurn[] {
  const last = messages[messages.length - 1];
  if (!last) throw new HttpError(422, 'VALIDATION_ERROR', 'Nothing to answer');
  const budget = model.contextTokens - maxOutput - estimateTokens(system) - estimateTokens(last.content);
  if (budget < 0) {
    throw new HttpError(422, 'MESSAGE_TOO_LONG', `This message is too long for ${model.name}. Please shorten it or pick a model with a larger context.`);
  }
  return [...trimHistory(messages.slice(0, -1), budget), last];
}

/** Checks, meters and starts a call; errors before the first byte (quota, credit, 429) throw here. */
export async function startGeneration(ctx: AppContext, input: GenerateInput): Promise<RunningGeneration> {
  const setup = await llmSetup(ctx);
  const model = setup.resolve(input.provider, input.model);
  if (model.provider === 'local') throw modelRequired();
  const subject = subjectOf(input.userId, input.ip);
  await limitAiCalls(ctx, subject);

  const reserveOutput = Math.min(model.maxOutputTokens, input.maxTokens ?? model.maxOutputTokens);
  const messages = fitToContext(model, input.system, input.messages, reserveOutput);
  const inputTokens = estimateTokens(input.system) + messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);
  const meter = await openMeter(ctx, { subject, userId: input.userId, model, inputTokens, maxOutputTokens: reserveOutput, callId: randomUUID() });

  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new ProviderTimeoutError());
    }, ctx.config.AI_TIMEOUT_MS);
  };
  const onCallerAbort = () => controller.abort(input.signal?.reason);
  if (input.signal?.aborted) controller.abort();
  input.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let resolveResult!: (r: GenerateResult) => void;
  let rejectResult!: (e: unknown) => void;
  const result = new Promise<GenerateResult>((res, rej) => {
    resolveResult = res;
    rejectResult = rej;
  });
  result.catch(() => undefined); // Callers that only iterate must not see an unhandled rejection.

  const toUsage = (inTok: number, outTok: number, billed: { charged: number; freeTokensRemaining: number | null }): ChatUsage => ({
    provider: model.provider,
    model: model.id,
    inputTokens: inTok,
    outputTokens: outTok,
    totalTokens: inTok + outTok,
    ...billed,
  });

  async function* run(): AsyncGenerator<string> {
    let text = '';
    let finished = false;
    let reported: { inputTokens?: number; outputTokens?: number } | undefined;
    arm();
    try {
      const answer = streamText({
        model: setup.languageModel(model),
        instructions: input.system,
        messages,
        maxOutputTokens: meter.maxOutputTokens,
        temperature: input.temperature,
        tools: input.tools,
        // Retries are the client's (first document §8 rules), so the server reports each failure once.
        maxRetries: 0,
        abortSignal: controller.signal,
        // Failures arrive as error parts below and are logged once there, without the provider's text
        // (the SDK's default prints the whole error, which can echo part of a key).
        onError: () => undefined,
      });
      for await (const part of answer.stream) {
        if (part.type === 'text-delta') {
          arm();
          if (!part.text) continue;
          text += part.text;
          yield part.text;
        } else if (part.type === 'tool-call') {
          arm();
          // An unknown tool or arguments that are not JSON: nothing to show.
          if (part.invalid) continue;
          const added = input.onToolCall?.(part.toolName, part.input);
          if (!added) continue;
          const delta = `${text ? '\n\n' : ''}${added}`;
          text += delta;
          yield delta;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'finish') {
          reported = { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens };
        }
      }
      if (controller.signal.aborted && !timedOut) throw new HttpError(499, 'CANCELLED', 'The request was cancelled');
      if (timedOut) throw new ProviderTimeoutError();
      finished = true;
      const inTok = reported?.inputTokens ?? inputTokens;
      const outTok = reported?.outputTokens ?? estimateTokens(text);
      resolveResult({ text, usage: toUsage(inTok, outTok, await meter.settle({ inputTokens: inTok, outputTokens: outTok })) });
    } catch (err) {
      finished = true;
      const aborted = controller.signal.aborted;
      const cause = aborted && timedOut ? new ProviderTimeoutError() : aborted ? new HttpError(499, 'CANCELLED', 'The request was cancelled') : err;
      const { error, failure } = mapProviderError(cause, model.name);
      ctx.log.warn({ provider: model.provider, model: model.id, failure }, 'language model call failed');
      // Whatever was streamed before a failure was produced by the provider: charge that, return the rest.
      if (text) await meter.settle({ inputTokens, outputTokens: estimateTokens(text) }).catch(() => undefined);
      else await meter.release().catch(() => undefined);
      rejectResult(error);
      throw error;
    } finally {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onCallerAbort);
      if (!finished) {
        // The consumer stopped early (client went away): leaving the loop above cancelled the SDK's stream;
        // the abort also ends a request still waiting for its headers. Pay only for what was sent.
        controller.abort();
        await meter.settle({ inputTokens, outputTokens: estimateTokens(text) }).catch(() => undefined);
        rejectResult(new HttpError(499, 'CANCELLED', 'The request was cancelled'));
      }
    }
  }
  return { model, deltas: run(), result };
}

/** Whole answer of a model (shared contract). The offline provider throws MODEL_REQUIRED. */
export async function generateText(ctx: AppContext, input: GenerateInput): Promise<GenerateResult> {
  const running = await startGeneration(ctx, input);
  for await (const _ of running.deltas) {
    // Drain: the text is collected by the generation itself.
  }
  return running.result;
}


