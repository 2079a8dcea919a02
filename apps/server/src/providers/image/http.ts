import sharp from 'sharp';
import { ProviderError } from './types';

export interface HttpOptions {
  timeoutMs: number;
  signal: AbortSignal;
  headers?: Record<string, string>;
}

/** fetch with a deadline and the job's cancel signal; network failures and timeouts become ProviderErrors. */
export async function providerFetch(url: string, init: RequestInit, options: HttpOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ProviderError('timeout', 'The image service did not answer in time')), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener('abort', onAbort);
  try {
    return await fetch(url, { ...init, headers: { ...options.headers, ...(init.headers as Record<string, string>) }, signal: controller.signal });
  } catch (err) {
    const reason = controller.signal.reason;
    if (reason instanceof ProviderError) throw reason;
    if (options.signal.aborted) throw new ProviderError('network', 'The generation was cancelled');
    throw new ProviderError('network', `Cannot reach the image service (${(err as Error).message})`);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
}

/** Parses a JSON answer, mapping non-2xx statuses and non-JSON bodies to ProviderErrors. */
export async function readJson<T>(res: Response, service: string): Promise<T> {
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    let detail = '';
    try {
      const body = JSON.parse(text) as { error?: unknown; detail?: unknown; message?: unknown };
      const e = body.error;
      detail = typeof e === 'string' ? e : typeof (e as { message?: unknown })?.message === 'string' ? String((e as { message: string }).message) : typeof body.detail === 'string' ? body.detail : typeof body.message === 'string' ? body.message : '';
    } catch {
      // Not JSON: the status says enough.
    }
    throw new ProviderError('http', `${service} answered ${res.status}${detail ? `: ${detail.slice(0, 200)}` : ''}`, res.status);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError('malformed', `${service} answered something that is not JSON`);
  }
}

/** Decodes an image a provider sent and re-encodes it as a PNG of the requested size; garbage is a ProviderError. */
export async function normaliseImage(data: Buffer, width: number, height: number, service: string): Promise<Buffer> {
  try {
    const meta = await sharp(data).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const pipeline = sharp(data).removeAlpha().ensureAlpha();
    const resized = meta.width === width && meta.height === height ? pipeline : pipeline.resize(width, height, { fit: 'cover' });
    return await resized.png().toBuffer();
  } catch {
    throw new ProviderError('malformed', `${service} sent an image that cannot be decoded`);
  }
}

export function decodeBase64Image(value: unknown, service: string): Buffer {
  if (typeof value !== 'string' || value.length < 16) throw new ProviderError('malformed', `${service} sent no image`);
  const b64 = value.replace(/^data:[^,]*,/, '');
  return Buffer.from(b64, 'base64');
}

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new ProviderError('network', 'The generation was cancelled'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
