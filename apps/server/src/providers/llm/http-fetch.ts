import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });

/**
 * The response body as a web stream. Hand-rolled because `Readable.toWeb` added a few tenths of a
 * millisecond before the first chunk; back-pressure pauses the socket while the reader is behind.
 */
function webStreamOf(res: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  const stop = () => {
    open = false;
    res.removeAllListeners('data');
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      res.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.once('end', () => {
        if (open) controller.close();
        stop();
      });
      const fail = (err: unknown) => {
        if (open) controller.error(err);
        stop();
      };
      res.once('error', fail);
      res.once('aborted', () => fail(new TypeError('terminated')));
    },
    pull() {
      if (open) res.resume();
    },
    cancel() {
      stop();
      res.destroy();
    },
  });
}

/**
 * A `fetch` for the AI SDK providers built on node:http with keep-alive agents. Streaming through the
 * built-in fetch (undici) cost several milliseconds per call before the first byte; this keeps the
 * server's share of time-to-first-token small (DESIGN.md budget: under 5 ms).
 */
export const httpFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const secure = url.protocol === 'https:';
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  let body: string | Buffer | undefined;
  if (typeof init.body === 'string') body = init.body;
  else if (init.body instanceof Uint8Array) body = Buffer.from(init.body);
  else if (init.body != null) body = Buffer.from(await new Response(init.body).arrayBuffer());
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');

  return new Promise<Response>((resolve, reject) => {
    const options = { method: init.method ?? 'GET', headers, agent: secure ? httpsAgent : httpAgent, signal };
    const onResponse = (res: IncomingMessage) => {
      const responseHeaders = new Headers();
      for (const [key, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const status = res.statusCode ?? 502;
      const noBody = status === 204 || status === 304 || init.method === 'HEAD';
      if (noBody) res.resume();
      resolve(new Response(noBody ? null : webStreamOf(res), { status, statusText: res.statusMessage, headers: responseHeaders }));
    };
    const req = secure ? httpsRequest(url, options, onResponse) : httpRequest(url, options, onResponse);
    // Shaped like the built-in fetch's failure, so the SDK reports it as a network error.
    req.on('error', (err) => reject(signal?.aborted ? (signal.reason ?? err) : new TypeError('fetch failed', { cause: err })));
    req.end(body);
  });
}) as typeof fetch;
