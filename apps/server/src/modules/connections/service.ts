import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  DISCOVERING_KINDS,
  MODEL_CATALOGUE,
  type Connection,
  type ConnectionKind,
  type ConnectionList,
  type ConnectionTestResult,
  type CreateConnectionRequest,
  type Language,
  type User,
} from '@yumi/core';
import { APICallError, generateText, RetryError } from 'ai';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { localize } from '../../lib/language';
import { buildLlmSetup, endpointModel, envEndpoints, providerOfKind, type Endpoint, type LlmSetup } from '../../providers/llm';
import { recordAudit } from '../admin';
import { discoverModels, DiscoveryError, providerMessageOf } from './discovery';
import * as repo from './repository';

const sealContext = (id: string) => `llm-connection:${id}`;
const catalogueIds = (kind: ConnectionKind) => MODEL_CATALOGUE.filter((m) => m.provider === providerOfKind(kind)).map((m) => m.id);

function endpointOf(ctx: AppContext, row: repo.ConnectionRow): Endpoint | null {
  let apiKey: string | undefined;
  if (row.apiKeySealed) {
    try {
      apiKey = ctx.secrets.open(row.apiKeySealed, sealContext(row.id));
    } catch {
      // Sealed under a key this server no longer has (ENCRYPTION_KEY changed): unusable until re-added; the admin page's Test says so.
      ctx.log.warn({ connection: row.id }, 'a connection key cannot be opened with this server key');
      return null;
    }
  }
  return { kind: row.kind as ConnectionKind, apiKey, baseUrl: row.baseUrl ?? undefined, models: row.models };
}

/** Re-read at most this often, so every process sees a connection added elsewhere within seconds. */
const SETUP_TTL_MS = 5_000;
const setups = new WeakMap<AppContext, { checkedAt: number; signature: string; setup: LlmSetup }>();

/** What this server can reach now: admins' connections first (an admin's key wins), then environment variables. */
export async function llmSetup(ctx: AppContext): Promise<LlmSetup> {
  const cached = setups.get(ctx);
  const now = performance.now();
  if (cached && now - cached.checkedAt < SETUP_TTL_MS) return cached.setup;
  const rows = await repo.listConnections(ctx.db);
  const signature = rows.map((r) => `${r.id}@${r.updatedAt.getTime()}`).join(',');
  if (cached && cached.signature === signature) {
    cached.checkedAt = now;
    return cached.setup;
  }
  const fromConnections = rows.map((r) => endpointOf(ctx, r)).filter((e): e is Endpoint => e !== null);
  const setup = buildLlmSetup([...fromConnections, ...envEndpoints(ctx.config)]);
  setups.set(ctx, { checkedAt: now, signature, setup });
  return setup;
}

const forget = (ctx: AppContext) => setups.delete(ctx);

function toConnection(row: repo.ConnectionRow): Connection {
  const kind = row.kind as ConnectionKind;
  return {
    id: row.id,
    kind,
    name: row.name,
    baseUrl: row.baseUrl,
    hasKey: !!row.apiKeySealed,
    models: DISCOVERING_KINDS.includes(kind) ? row.models : catalogueIds(kind),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConnections(ctx: AppContext): Promise<ConnectionList> {
  const rows = await repo.listConnections(ctx.db);
  return {
    connections: rows.map(toConnection),
    fromEnvironment: envEndpoints(ctx.config).map((e) => ({ kind: e.kind, models: DISCOVERING_KINDS.includes(e.kind) ? [...e.models] : catalogueIds(e.kind) })),
  };
}

const UNREACHABLE = {
  en: 'Could not list the models at {url}: {reason}',
  ja: '{url} のモデル一覧を取得できませんでした: {reason}',
  zh: '无法获取 {url} 的模型列表：{reason}',
  ko: '{url}의 모델 목록을 가져오지 못했습니다: {reason}',
} as const;
const NO_MODELS = {
  en: 'The server at {url} answered but offers no models. Download or load a model there first.',
  ja: '{url} のサーバーは応答しましたが、モデルがありません。先にそのサーバーでモデルをダウンロードまたは読み込んでください。',
  zh: '{url} 的服务器有响应，但没有可用的模型。请先在该服务器上下载或加载模型。',
  ko: '{url} 서버가 응답했지만 모델이 없습니다. 먼저 그 서버에서 모델을 내려받거나 불러오세요.',
} as const;
const EXISTS = {
  en: 'There is already a {kind} connection. Remove it first to use another key.',
  ja: '{kind} の接続はすでにあります。別のキーを使うには、先にその接続を削除してください。',
  zh: '已经有一个 {kind} 连接。要使用其他密钥，请先删除它。',
  ko: '{kind} 연결이 이미 있습니다. 다른 키를 쓰려면 먼저 그 연결을 삭제하세요.',
} as const;
const CONNECTION_NOT_FOUND = {
  en: 'This connection no longer exists.',
  ja: 'この接続はもうありません。',
  zh: '此连接已不存在。',
  ko: '이 연결은 더 이상 없습니다.',
} as const;

function discoveryFailed(err: unknown, url: string): HttpError {
  if (!(err instanceof DiscoveryError)) throw err;
  const reason = err.status ? `HTTP ${err.status} ${err.providerMessage}`.trim() : err.providerMessage;
  return new HttpError(422, 'CONNECTION_UNREACHABLE', UNREACHABLE, { status: err.status }, undefined, { url, reason });
}

async function discover(kind: ConnectionKind, baseUrl: string, apiKey?: string) {
  let found: { baseUrl: string; models: string[] };
  try {
    found = await discoverModels(kind, baseUrl, apiKey);
  } catch (err) {
    throw discoveryFailed(err, baseUrl);
  }
  if (found.models.length === 0) throw new HttpError(422, 'CONNECTION_NO_MODELS', NO_MODELS, undefined, undefined, { url: baseUrl });
  return found;
}

/** Adds a provider; a self-hosted server must answer with its model list first. Audited. */
export async function createConnection(ctx: AppContext, admin: User, input: CreateConnectionRequest): Promise<Connection> {
  const discovering = DISCOVERING_KINDS.includes(input.kind);
  if (!discovering) {
    const rows = await repo.listConnections(ctx.db);
    if (rows.some((r) => r.kind === input.kind)) throw new HttpError(409, 'CONNECTION_EXISTS', EXISTS, undefined, undefined, { kind: input.kind });
  }
  const found = discovering ? await discover(input.kind, input.baseUrl!, input.apiKey) : { baseUrl: input.baseUrl, models: [] as string[] };
  const id = randomUUID();
  const now = ctx.clock.now();
  const row = {
    id,
    kind: input.kind,
    name: input.name,
    baseUrl: found.baseUrl ?? null,
    apiKeySealed: input.apiKey ? ctx.secrets.seal(input.apiKey, sealContext(id)) : null,
    models: found.models,
    createdBy: admin.id,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.transaction(async (tx) => {
    await repo.insertConnection(tx, row);
    await recordAudit(tx, { at: now, actorId: admin.id, actor: admin.email, action: 'connection.add', targetType: 'connection', targetId: id, targetLabel: input.name, details: { kind: input.kind } });
  });
  forget(ctx);
  return toConnection(row);
}

async function rowOf(ctx: AppContext, id: string): Promise<repo.ConnectionRow> {
  const row = await repo.findConnection(ctx.db, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND', CONNECTION_NOT_FOUND);
  return row;
}

/** Asks a self-hosted server again for its models (after pulling a new one). */
export async function refreshModels(ctx: AppContext, id: string): Promise<Connection> {
  const row = await rowOf(ctx, id);
  const kind = row.kind as ConnectionKind;
  if (!DISCOVERING_KINDS.includes(kind) || !row.baseUrl) return toConnection(row);
  const endpoint = endpointOf(ctx, row);
  const found = await discover(kind, row.baseUrl, endpoint?.apiKey);
  const now = ctx.clock.now();
  await repo.updateModels(ctx.db, id, found.models, now);
  forget(ctx);
  return toConnection({ ...row, models: found.models, updatedAt: now });
}

export async function removeConnection(ctx: AppContext, admin: User, id: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await repo.deleteConnection(tx, id);
    if (row) {
      await recordAudit(tx, { at: ctx.clock.now(), actorId: admin.id, actor: admin.email, action: 'connection.remove', targetType: 'connection', targetId: id, targetLabel: row.name, details: { kind: row.kind } });
    }
    return row;
  });
  if (!removed) throw new HttpError(404, 'NOT_FOUND', CONNECTION_NOT_FOUND);
  forget(ctx);
}

const TEST_TIMEOUT_MS = 20_000;
const KEY_UNREADABLE = {
  en: 'The stored key cannot be opened with this server’s encryption key (was ENCRYPTION_KEY changed?). Remove the connection and add it again.',
  ja: '保存されたキーをこのサーバーの暗号鍵で開けません（ENCRYPTION_KEY を変えましたか？）。接続を削除して、もう一度追加してください。',
  zh: '无法用本服务器的加密密钥打开已保存的密钥（是否更改了 ENCRYPTION_KEY？）。请删除此连接后重新添加。',
  ko: '저장된 키를 이 서버의 암호화 키로 열 수 없습니다(ENCRYPTION_KEY를 바꿨나요?). 연결을 삭제하고 다시 추가하세요.',
} as const;
const NO_ANSWER = {
  en: 'No answer within {seconds} s.',
  ja: '{seconds} 秒以内に応答がありませんでした。',
  zh: '{seconds} 秒内没有响应。',
  ko: '{seconds}초 안에 응답이 없었습니다.',
} as const;

/** Removes the key and anything shaped like one from a provider's message before an admin sees it. */
function redact(message: string, apiKey: string | undefined): string {
  let out = apiKey ? message.split(apiKey).join('***') : message;
  out = out.replace(/\b(sk|key|pk|rk)[-_][A-Za-z0-9_*-]{6,}/gi, '***');
  return out.slice(0, 300);
}

function failureOf(err: unknown, apiKey: string | undefined, language: Language): { error: string; status?: number } {
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(cause)) {
    const body = (() => {
      try {
        return JSON.parse(cause.responseBody ?? '') as unknown;
      } catch {
        return null;
      }
    })();
    const text = cause.statusCode ? providerMessageOf(body, cause.responseBody ?? cause.message) : ((cause.cause as { code?: string })?.code ?? cause.message);
    return { error: redact(text || cause.message, apiKey), status: cause.statusCode };
  }
  if ((err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError') return { error: localize(NO_ANSWER, language, { seconds: TEST_TIMEOUT_MS / 1000 }) };
  return { error: redact((err as Error)?.message ?? String(err), apiKey) };
}

/** Sends one short prompt through the connection and reports the latency or the provider's own error. */
export async function testConnection(ctx: AppContext, id: string, model: string | undefined, language: Language): Promise<ConnectionTestResult> {
  const row = await rowOf(ctx, id);
  const connection = toConnection(row);
  const modelId = model ?? connection.models[0] ?? '';
  if (!connection.models.includes(modelId)) {
    throw new HttpError(422, 'UNKNOWN_MODEL', `Unknown model "${modelId.slice(0, 100)}" for this connection`);
  }
  const endpoint = endpointOf(ctx, row);
  if (!endpoint) return { ok: false, model: modelId, latencyMs: 0, error: localize(KEY_UNREADABLE, language) };
  const info = MODEL_CATALOGUE.find((m) => m.provider === providerOfKind(endpoint.kind) && m.id === modelId);
  const started = performance.now();
  try {
    const { text } = await generateText({
      model: endpointModel(endpoint, info?.apiModel ?? modelId),
      instructions: 'Answer with one short word.',
      prompt: 'Say OK.',
      maxOutputTokens: 16,
      // One attempt: the admin sees the provider's first answer, and the latency of one call.
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
    const reply = text.trim().slice(0, 200);
    return { ok: true, model: modelId, latencyMs: Math.round(performance.now() - started), reply };
  } catch (err) {
    return { ok: false, model: modelId, latencyMs: Math.round(performance.now() - started), ...failureOf(err, endpoint.apiKey, language) };
  }
}
