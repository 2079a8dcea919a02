import { randomBytes, randomUUID } from 'node:crypto';
import {
  STORAGE_QUOTA_EXCEEDED,
  GENERATION_ERROR_CODES,
  GENERATION_MESSAGES,
  IMAGE_PRICE_TIMESHARDS,
  IMAGE_SIZE_MAX,
  themePrompt,
  upscaleFactor,
  type DeviceImageRequest,
  type GeneratedImage,
  type GenerationJob,
  type GenerationSettings,
  type ImageProviderId,
  type ImageProviderInfo,
  type PostProcessing,
} from '@yumi/core';
import type { User } from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/http-error';
import { createImageProviders, defaultProviderId, ProviderError, type ImageProvider } from '../../providers/image';
import { hasImageGenAccess, release, reserve, settle } from '../billing';
import { assertStorageLeft, enforceQuota } from '../storage';
import { decodeImageDataUrl } from './decode';
import { postProcessOffThread } from './postprocess';
import { ImageQueue } from './queue';
import * as repo from './repository';
import type { JobRow, ResultRow } from './repository';

/** Per app: the providers and the queue (the queue's state itself is in the database). */
export interface ImagesEngine {
  providers: Map<ImageProviderId, ImageProvider>;
  queue: ImageQueue;
}
const engines = new WeakMap<AppContext, ImagesEngine>();

export function engineOf(ctx: AppContext): ImagesEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    const providers = createImageProviders(ctx.config, ctx.cpu);
    const queue: ImageQueue = new ImageQueue(
      ctx,
      new Set(providers.keys()),
      (job, signal) => runJob(ctx, engineOf(ctx), job, signal),
      (job) => failJob(ctx, job, 'The generation was interrupted. Please try again.', GENERATION_ERROR_CODES.api),
    );
    engine = { providers, queue };
    engines.set(ctx, engine);
  }
  return engine;
}

const PAYMENT_SOURCE = 'image-job';

function imageUrl(row: Pick<ResultRow, 'id' | 'accessToken'>): string {
  return `/api/images/${row.id}/file?token=${row.accessToken}`;
}

function toImage(row: ResultRow): GeneratedImage {
  return {
    id: row.id,
    url: imageUrl(row),
    width: row.width,
    height: row.height,
    seed: Number(row.seed),
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    provider: row.provider,
    model: row.model,
    params: row.params,
    cost: row.cost,
    createdAt: row.createdAt.toISOString(),
  };
}

async function toJob(ctx: AppContext, row: JobRow): Promise<GenerationJob> {
  const results = row.status === 'succeeded' ? await repo.resultsOfJob(ctx.db, row.id) : [];
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    position: await repo.queuePosition(ctx.db, row),
    provider: row.provider,
    payment: row.payment,
    results: results.map(toImage),
    error: row.error,
    code: row.errorCode,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listProviders(ctx: AppContext): Promise<ImageProviderInfo[]> {
  const { providers } = engineOf(ctx);
  return Promise.all(
    [...providers.values()].map(async (p) => {
      let models = { models: [] as string[], defaultModel: null as string | null, samplers: [] as string[] };
      try {
        models = await p.listModels(AbortSignal.timeout(5000));
      } catch (err) {
        ctx.log.warn({ err, provider: p.id }, 'image provider did not list its models');
      }
      return {
        id: p.id,
        label: p.label,
        models: models.models,
        defaultModel: models.defaultModel,
        capabilities: { ...p.capabilities, samplers: models.samplers },
        price: IMAGE_PRICE_TIMESHARDS,
        offline: p.offline,
      };
    }),
  );
}

function paymentRequired(code: string, message: string): HttpError {
  // 402, not 403: the client turns a 403 into a jump to /charge, and these screens show their own unlock dialog.
  return new HttpError(402, code, message);
}

/** Creates a generation job, paid by a free trial or by reserved timeshards, and queues it. */
export async function createJob(ctx: AppContext, user: User, body: { prompt: string; settings: GenerationSettings }) {
  const prompt = body.prompt.trim();
  if (!prompt) throw new HttpError(422, GENERATION_ERROR_CODES.emptyPrompt, GENERATION_MESSAGES.emptyPrompt);
  const s = body.settings;
  const engine = engineOf(ctx);
  const providerId = s.provider ?? (s.source === 'anime' && !s.useCustomModel ? 'procedural' : defaultProviderId(ctx.config, engine.providers));
  if (!engine.providers.has(providerId)) {
    throw new HttpError(422, 'PROVIDER_UNAVAILABLE', `The image provider "${providerId}" is not configured on this server.`);
  }
  const premium = await hasImageGenAccess(ctx, user.id);
  // Results count against the storage quota: a user already at it is told before anything runs.
  await assertStorageLeft(ctx, user.id);
  if (s.referenceImage && !premium) {
    throw paymentRequired('PREMIUM_REQUIRED', 'A reference image needs premium image-generation access.');
  }
  const reference = s.referenceImage ? await decodeImageDataUrl(s.referenceImage) : null;
  const count = premium ? s.iterations : 1;
  const theme = s.theme ? themePrompt(s.theme) : undefined;
  const model = s.model ?? (s.useCustomModel && providerId !== 'procedural' && providerId !== 'openai-images' ? ctx.config.IMAGE_CUSTOM_MODEL : undefined);
  const { referenceImage: _omit, ...params } = s;
  const now = ctx.clock.now();
  const id = randomUUID();
  const referenceKey = reference ? (await ctx.blobs.put(reference.png, 'image/png')).key : null;
  const job: repo.NewJob = {
    id,
    userId: user.id,
    provider: providerId,
    model: model ?? null,
    prompt,
    negativePrompt: (s.negativePrompt ?? theme?.negativePrompt ?? '').trim(),
    params: { ...params, iterations: count, seed: s.seed ?? randomBytes(4).readUInt32BE(0) },
    referenceKey,
    payment: premium ? 'credits' : 'trial',
    price: premium ? IMAGE_PRICE_TIMESHARDS : 0,
    createdAt: now,
  };
  let row: JobRow;
  if (premium) {
    const { reservationId } = await reserve(ctx, {
      userId: user.id,
      amount: IMAGE_PRICE_TIMESHARDS * count,
      reason: `Image generation (${count} image${count > 1 ? 's' : ''})`,
      sourceType: PAYMENT_SOURCE,
      sourceId: id,
    }).catch((err: unknown) => {
      if (err instanceof HttpError && err.code === 'INSUFFICIENT_CREDITS') {
        throw paymentRequired(GENERATION_ERROR_CODES.billing, GENERATION_MESSAGES.billingError);
      }
      throw err;
    });
    try {
      row = await repo.insertJob(ctx.db, { ...job, reservationId });
    } catch (err) {
      await release(ctx, reservationId);
      throw err;
    }
  } else {
    const inserted = await repo.insertTrialJob(ctx.db, job, now);
    if (!inserted) throw paymentRequired(GENERATION_ERROR_CODES.trialsExhausted, GENERATION_MESSAGES.trialsExhausted);
    row = inserted;
  }
  engine.queue.kick(providerId);
  return { jobId: row.id, status: row.status, position: await repo.queuePosition(ctx.db, row), payment: row.payment };
}

export async function getJob(ctx: AppContext, userId: string, id: string): Promise<GenerationJob> {
  const row = await repo.findJob(ctx.db, id);
  if (!row || row.userId !== userId) throw notFound('Generation job');
  return toJob(ctx, row);
}

/** Reads a job the caller owns, for the SSE stream. */
export async function jobSnapshot(ctx: AppContext, id: string): Promise<GenerationJob | null> {
  const row = await repo.findJob(ctx.db, id);
  return row ? toJob(ctx, row) : null;
}

export async function assertJobOwner(ctx: AppContext, userId: string, id: string): Promise<void> {
  const row = await repo.findJob(ctx.db, id);
  if (!row || row.userId !== userId) throw notFound('Generation job');
}

/**
 * Fails a job once and gives its payment back. The payment goes back first, so whoever sees the job as
 * failed also sees the trial or credits returned; both returns are idempotent and do nothing after a
 * success has kept the trial or settled the reservation.
 */
async function failJob(ctx: AppContext, job: JobRow, message: string, code: string): Promise<void> {
  if (job.payment === 'credits' && job.reservationId) await release(ctx, job.reservationId);
  if (job.payment === 'trial') await repo.returnTrial(ctx.db, job.id, ctx.clock.now());
  const closed = await repo.finishJob(ctx.db, job.id, { status: 'failed', error: message, errorCode: code, finishedAt: ctx.clock.now() });
  if (closed) engines.get(ctx)?.queue.notify(job.id, true);
}

interface JobParams extends Omit<GenerationSettings, 'referenceImage'> {
  seed: number;
}

/** Runs one claimed job: generate, post-process, store, then charge (settle) or refund (release). */
async function runJob(ctx: AppContext, engine: ImagesEngine, job: JobRow, signal: AbortSignal): Promise<void> {
  const params = job.params as unknown as JobParams;
  const provider = engine.providers.get(job.provider as ImageProviderId);
  let lastWrite = 0;
  let progress = 0;
  const write = async () => {
    lastWrite = Date.now();
    await repo.updateProgress(ctx.db, job.id, progress, ctx.clock.now()).catch(() => undefined);
    engine.queue.notify(job.id);
  };
  const beat = setInterval(() => void write(), engine.queue.heartbeatMs);
  try {
    if (!provider) throw new ProviderError('http', 'This image provider is no longer configured');
    const reference = job.referenceKey ? await ctx.blobs.get(job.referenceKey) : null;
    const post: PostProcessing = params.postProcessing;
    // The procedural renderer draws vectors: "upscale" renders at the larger size instead of resampling.
    const vectorUpscale = job.provider === 'procedural' && post.upscale ? upscaleFactor(params.width, params.height) : 1;
    const width = Math.round(params.width * Math.max(1, vectorUpscale));
    const height = Math.round(params.height * Math.max(1, vectorUpscale));
    const theme = params.theme ? themePrompt(params.theme) : undefined;
    const outputs = await provider.generate({
      prompt: job.prompt,
      negativePrompt: job.negativePrompt,
      width,
      height,
      seed: params.seed,
      steps: params.steps,
      guidance: params.guidance,
      sampler: params.sampler,
      model: job.model ?? undefined,
      count: params.iterations,
      init: reference ? { image: reference.data, strength: params.strength } : undefined,
      theme: theme?.theme,
      baseCharacter: theme?.baseCharacter,
      signal,
      onProgress: (p) => {
        // The generation is 90 % of the work; post-processing and storing the rest.
        progress = Math.max(progress, Math.min(0.9, p * 0.9));
        if (Date.now() - lastWrite > 250) void write();
      },
    });
    if (outputs.length === 0) throw new ProviderError('malformed', 'The image service sent no images');
    const now = ctx.clock.now();
    const stored: repo.NewResult[] = [];
    for (const out of outputs) {
      const processed = await postProcessOffThread(ctx, { png: out.png, options: post, skipUpscale: vectorUpscale > 1, wait: true });
      const blob = await ctx.blobs.put(processed.png, 'image/png');
      stored.push({
        userId: job.userId,
        jobId: job.id,
        blobKey: blob.key,
        accessToken: randomBytes(24).toString('base64url'),
        width: processed.width,
        height: processed.height,
        seed: out.seed,
        prompt: job.prompt,
        negativePrompt: job.negativePrompt,
        provider: job.provider,
        model: job.model,
        params: { ...params, seed: out.seed, iterations: 1 },
        cost: job.payment === 'credits' ? job.price : 0,
        createdAt: now,
      });
    }
    if (signal.aborted) throw new ProviderError('network', 'The generation was cancelled');
    await ctx.db.transaction(async (tx) => {
      await repo.insertResults(tx, stored);
      await enforceQuota(ctx, tx, job.userId);
    });
    if (job.payment === 'credits' && job.reservationId) await settle(ctx, job.reservationId, job.price * stored.length);
    if (job.payment === 'trial') await repo.keepTrial(ctx.db, job.id);
    await repo.finishJob(ctx.db, job.id, { status: 'succeeded', finishedAt: ctx.clock.now() });
  } catch (err) {
    if (err instanceof HttpError && err.code === STORAGE_QUOTA_EXCEEDED) {
      // The results were not kept, so the job fails and its payment goes back.
      await failJob(ctx, job, err.message, err.code);
      return;
    }
    const isProvider = err instanceof ProviderError;
    if (!isProvider) ctx.log.error({ err, jobId: job.id }, 'image generation failed');
    else ctx.log.warn({ err: err.message, kind: err.kind, jobId: job.id }, 'image provider failed');
    const message = isProvider ? `${GENERATION_MESSAGES.unavailable} (${err.message})` : GENERATION_MESSAGES.unexpected;
    await failJob(ctx, job, message, isProvider ? GENERATION_ERROR_CODES.api : 'GENERATION_FAILED');
  } finally {
    clearInterval(beat);
  }
}

export async function gallery(ctx: AppContext, userId: string, limit: number, cursor?: string) {
  const before = cursor ? Number(cursor) : undefined;
  if (cursor && !Number.isSafeInteger(before)) throw new HttpError(422, 'VALIDATION_ERROR', 'Invalid cursor');
  const found = await repo.galleryPage(ctx.db, userId, limit + 1, before);
  const page = found.slice(0, limit);
  return { items: page.map(toImage), nextCursor: found.length > limit ? String(page[page.length - 1]!.seq) : null };
}

export async function deleteImage(ctx: AppContext, userId: string, id: string): Promise<void> {
  const row = await repo.findResult(ctx.db, id);
  if (!row || row.userId !== userId) throw notFound('Image');
  // Only the row: the blob may be shared (content-addressed); the collector removes it once unreferenced.
  // A picture a device drew is remembered as deleted, so that device sending it again never brings it back.
  const clientId = row.clientId;
  await ctx.db.transaction(async (tx) => {
    await repo.deleteResult(tx, id);
    if (clientId) await repo.rememberDeleted(tx, userId, clientId, ctx.clock.now());
  });
}

/** The blob key of an image, for its URL's capability token (an <img> cannot send a bearer token). */
export async function imageFile(ctx: AppContext, id: string, token: string) {
  const row = await repo.findResult(ctx.db, id);
  if (!row || row.accessToken.length !== token.length || row.accessToken !== token) throw notFound('Image');
  return row.blobKey;
}

/** Post-processing tools on any image: a gallery image or an upload; the result joins the gallery. */
export async function processImage(ctx: AppContext, userId: string, body: { imageId?: string; image?: string; postProcessing: PostProcessing }) {
  let source: Buffer;
  let origin: ResultRow | undefined;
  if (body.imageId) {
    origin = await repo.findResult(ctx.db, body.imageId);
    if (!origin || origin.userId !== userId) throw notFound('Image');
    const blob = await ctx.blobs.get(origin.blobKey);
    if (!blob) throw notFound('Image');
    source = blob.data;
  } else if (body.image) {
    source = (await decodeImageDataUrl(body.image)).png;
  } else {
    throw new HttpError(422, 'VALIDATION_ERROR', 'Send an imageId or an image');
  }
  const processed = await postProcessOffThread(ctx, { png: source, options: body.postProcessing });
  const blob = await ctx.blobs.put(processed.png, 'image/png');
  const [row] = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertResults(tx, [
      {
        userId,
        jobId: null,
        blobKey: blob.key,
        accessToken: randomBytes(24).toString('base64url'),
        width: processed.width,
        height: processed.height,
        seed: origin ? Number(origin.seed) : 0,
        prompt: origin?.prompt ?? '',
        negativePrompt: origin?.negativePrompt ?? '',
        provider: 'post-processing',
        model: null,
        params: { ...(origin?.params ?? {}), postProcessing: body.postProcessing, processedFrom: origin?.id ?? 'upload' },
        cost: 0,
        createdAt: ctx.clock.now(),
      },
    ]);
    await enforceQuota(ctx, tx, userId);
    return inserted;
  });
  return toImage(row!);
}


const DEVICE_IMAGE_DELETED = {
  en: 'You deleted this picture from your gallery, so it was not added again.',
  ja: 'この画像はギャラリーから削除済みのため、再び追加しませんでした。',
  zh: '你已从图库中删除这张图片，因此不会再次添加。',
  ko: '갤러리에서 삭제한 그림이라 다시 추가하지 않았어요.',
} as const;
const deviceImageDeleted = () => new HttpError(410, 'DEVICE_IMAGE_DELETED', DEVICE_IMAGE_DELETED);

/**
 * A picture drawn on the user's device while offline joins the gallery: the user's own picture, so no trial
 * and no timeshards are taken. Checked like any upload (magic bytes, header caps before decoding, re-encoded
 * as PNG) and no larger than the renderer draws. Sent again with the same client id (an answer lost on the
 * way, two tabs at once), the first one is answered and nothing is stored twice. Deleted from the gallery since
 * (in another browser, while this device's answer was lost on the way), it is gone for good: 410, nothing stored.
 */
export async function addFromDevice(ctx: AppContext, userId: string, body: DeviceImageRequest): Promise<{ image: GeneratedImage; created: boolean }> {
  const sent = await repo.findSentFromDevice(ctx.db, userId, body.clientId);
  if (sent) return { image: toImage(sent), created: false };
  if (await repo.wasDeleted(ctx.db, userId, body.clientId)) throw deviceImageDeleted();
  await assertStorageLeft(ctx, userId);
  const { png, width, height } = await decodeImageDataUrl(body.image, IMAGE_SIZE_MAX);
  const blob = await ctx.blobs.put(png, 'image/png');
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertFromDevice(tx, {
      userId,
      clientId: body.clientId,
      jobId: null,
      blobKey: blob.key,
      accessToken: randomBytes(24).toString('base64url'),
      width,
      height,
      seed: body.seed,
      prompt: body.prompt.trim(),
      negativePrompt: body.negativePrompt.trim(),
      provider: 'procedural',
      model: null,
      params: { ...body.settings, seed: body.seed, iterations: 1, onDevice: true },
      cost: 0,
      // When it was drawn, never later than now (a device clock may run ahead).
      createdAt: new Date(Math.min(Date.parse(body.drawnAt), now.getTime())),
    });
    if (!inserted) return null;
    // Checked after the insert, in its transaction: a delete of the picture sent by an earlier request that
    // commits while this one decodes leaves its tombstone, seen here, and this copy is rolled back.
    if (await repo.wasDeleted(tx, userId, body.clientId)) throw deviceImageDeleted();
    await enforceQuota(ctx, tx, userId);
    return inserted;
  });
  if (row) return { image: toImage(row), created: true };
  // The same picture arrived twice at once: the other request stored it (and it is still there, or deleted since).
  const stored = await repo.findSentFromDevice(ctx.db, userId, body.clientId);
  if (!stored) throw deviceImageDeleted();
  return { image: toImage(stored), created: false };
}
