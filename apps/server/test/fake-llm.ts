import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the OpenAI chat-completions and Anthropic messages APIs that speaks their real wire
 * formats (JSON and SSE), so tests drive the real provider code. Each request follows `script`.
 */
export interface FakeScript {
  /** ok: stream words; status: answer an HTTP error; hang: never answer; malformed: broken SSE; midstream: fail after a word. */
  kind: 'ok' | 'status' | 'hang' | 'malformed' | 'midstream';
  words?: string[];
  /** Delay before each chunk (slow streams). */
  delayMs?: number;
  status?: number;
  headers?: Record<string, string>;
  usage?: { input: number; output: number };
  /** The OpenAI stream ends without its usage chunk (some compatible servers send none). */
  omitUsage?: boolean;
  /** Sends the first word, then waits for this before the rest (a stream the test holds open). */
  holdAfterFirst?: Promise<void>;
  /** After the words, the model calls this tool (OpenAI tool_calls / Anthropic tool_use). */
  toolCall?: { name: string; arguments: string };
}

export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FakeLlm {
  server: Server;
  url = '';
  script: FakeScript = { kind: 'ok' };
  requests: SeenRequest[] = [];
  /** What GET /models lists (the OpenAI protocol's model list). */
  models = ['llama3.1', 'mistral-7b-instruct'];
  /** When set, each request follows the script this answers for its body (else `script`). */
  reply: ((body: Record<string, unknown>) => FakeScript) | null = null;
  /** Responses whose connection closed before they were complete (the server cancelled the call). */
  cancelled = 0;
  completed = 0;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  reset(script: FakeScript = { kind: 'ok' }): void {
    this.script = script;
    this.requests = [];
    this.cancelled = 0;
    this.completed = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    this.requests.push({ path: req.url ?? '', headers: req.headers, body });
    const script = this.reply?.(body) ?? this.script;
    let ended = false;
    res.on('close', () => {
      if (ended) this.completed += 1;
      else this.cancelled += 1;
    });
    const anthropic = (req.url ?? '').endsWith('/messages');
    if (req.method === 'GET' && (req.url ?? '').endsWith('/v1/models') && script.kind !== 'status') {
      res.writeHead(200, { 'content-type': 'application/json' });
      ended = true;
      res.end(JSON.stringify({ object: 'list', data: this.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'system' })) }));
      return;
    }

    if (script.kind === 'hang') return; // Never answers; the server's timeout must fire.
    if (script.kind === 'status') {
      const status = script.status ?? 500;
      const payload = anthropic
        ? { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message: 'Incorrect API key provided: sk-SECRET-LEAK' } }
        : { error: { message: 'Incorrect API key provided: sk-SECRET-LEAK', type: 'invalid_request_error', code: null } };
      res.writeHead(status, { 'content-type': 'application/json', ...script.headers });
      ended = true;
      res.end(JSON.stringify(payload));
      return;
    }

    const words = script.words ?? ['Hello', ' from', ' the', ' fake', ' model.'];
    const usage = script.usage ?? { input: 40, output: words.length };
    const model = String(body.model ?? 'fake');
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      ended = true;
      res.end(
        JSON.stringify(
          anthropic
            ? { id: 'msg_1', type: 'message', role: 'assistant', model, content: [{ type: 'text', text: words.join('') }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: usage.input, output_tokens: usage.output } }
            : { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' }], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } },
        ),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (event: string | null, data: unknown) => {
      if (res.destroyed) return false;
      res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      return true;
    };
    if (anthropic) {
      send('message_start', { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model, stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.input, output_tokens: 1 } } });
      send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    }
    for (const [i, word] of words.entries()) {
      if (script.delayMs) await sleep(script.delayMs);
      if (i === 1 && script.holdAfterFirst) await script.holdAfterFirst;
      if (res.destroyed) return;
      if (script.kind === 'malformed' && i === 1) {
        res.write('data: {"choices": [ this is not json\n\n');
        continue;
      }
      if (script.kind === 'midstream' && i === 1) {
        if (anthropic) send('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
        else send(null, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
        ended = true;
        res.end();
        return;
      }
      if (anthropic) send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: word } });
      else send(null, { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: word } : { content: word }, finish_reason: null }] });
    }
    const call = script.toolCall;
    if (anthropic) {
      send('content_block_stop', { type: 'content_block_stop', index: 0 });
      if (call) {
        send('content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: call.name, input: {} } });
        send('content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: call.arguments } });
        send('content_block_stop', { type: 'content_block_stop', index: 1 });
      }
      send('message_delta', { type: 'message_delta', delta: { stop_reason: call ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output } });
      send('message_stop', { type: 'message_stop' });
    } else {
      if (call) {
        send(null, { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: call.name, arguments: '' } }] }, finish_reason: null }] });
        send(null, { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: call.arguments } }] }, finish_reason: null }] });
      }
      send(null, { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta: {}, finish_reason: call ? 'tool_calls' : 'stop' }] });
      if (!script.omitUsage) {
        send(null, { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } });
      }
      send(null, '[DONE]');
    }
    ended = true;
    res.end();
  }
}

/** Config overrides that point every real provider at the fake. */
export function fakeProviderConfig(fake: FakeLlm) {
  return {
    OPENAI_API_KEY: 'sk-test-openai-SECRET',
    OPENAI_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: 'sk-ant-test-SECRET',
    ANTHROPIC_BASE_URL: fake.url,
    QWEN_API_KEY: 'sk-test-qwen-SECRET',
    QWEN_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_MODELS: 'llama3.1',
    AI_LOCAL_WORD_DELAY_MS: '0',
  };
}

/** Parses an SSE body into its JSON events. */
export function sseEvents(body: string): Array<Record<string, unknown>> {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((l) => l.startsWith('data: ')))
    .filter((l): l is string => !!l)
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
}
