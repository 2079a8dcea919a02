import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of an Ollama server speaking its own protocol: GET /api/tags (installed models) and
 * POST /api/chat (one JSON object, or NDJSON chunks ending with `done: true` when streaming).
 */
export class FakeOllama {
  server: Server;
  url = '';
  models = ['llama3.2:1b', 'qwen2.5:7b'];
  words = ['Hello', ' from', ' Ollama.'];
  /** Set: /api/chat answers this HTTP status with Ollama's error shape. */
  failWith: number | null = null;
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    this.requests.push({ method: req.method ?? 'GET', path: req.url ?? '', body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(payload));
    };
    if (req.method === 'GET' && req.url === '/api/tags') {
      return json(200, {
        models: this.models.map((name) => ({
          name,
          model: name,
          modified_at: '2026-11-01T10:00:00.000Z',
          size: 1_321_098_329,
          digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
          details: { format: 'gguf', family: 'llama', parameter_size: '1.2B', quantization_level: 'Q8_0' },
        })),
      });
    }
    if (req.method === 'POST' && req.url === '/api/chat') {
      const model = String(body.model);
      if (this.failWith) return json(this.failWith, { error: `model "${model}" not found, try pulling it first` });
      if (!this.models.includes(model)) return json(404, { error: `model "${model}" not found, try pulling it first` });
      const final = { model, created_at: new Date().toISOString(), message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', total_duration: 4_883_583_458, load_duration: 1_334_875, prompt_eval_count: 26, prompt_eval_duration: 342_546_000, eval_count: this.words.length, eval_duration: 4_535_599_000 };
      if (body.stream === false) return json(200, { ...final, message: { role: 'assistant', content: this.words.join('') } });
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (const word of this.words) res.write(`${JSON.stringify({ model, created_at: new Date().toISOString(), message: { role: 'assistant', content: word }, done: false })}\n`);
      res.end(`${JSON.stringify(final)}\n`);
      return;
    }
    json(404, { error: '404 page not found' });
  }
}
