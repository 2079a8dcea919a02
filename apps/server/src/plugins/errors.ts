import type { ApiErrorBody } from '@yumi/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { languageOf, localize, type LocalizedText } from '../lib/language';

export interface ErrorResponse {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/** The generic errors, in the caller's language. */
const TEXT = {
  invalid: { en: 'Some fields are invalid', ja: '入力内容に誤りがあります', zh: '部分字段无效', ko: '일부 입력값이 올바르지 않습니다' },
  internal: {
    en: 'Something went wrong on our side. Please try again.',
    ja: 'サーバー側で問題が発生しました。もう一度お試しください。',
    zh: '服务器出了点问题，请重试。',
    ko: '서버에 문제가 생겼습니다. 다시 시도해 주세요.',
  },
  tooLarge: { en: 'Request body is too large', ja: 'リクエストが大きすぎます', zh: '请求内容过大', ko: '요청 본문이 너무 큽니다' },
  fileTooLarge: { en: 'File is too large', ja: 'ファイルが大きすぎます', zh: '文件过大', ko: '파일이 너무 큽니다' },
  mediaType: { en: 'Unsupported content type', ja: 'このコンテンツ形式には対応していません', zh: '不支持的内容类型', ko: '지원하지 않는 콘텐츠 형식입니다' },
  multipart: { en: 'Expected a multipart upload', ja: 'マルチパート形式でアップロードしてください', zh: '请以 multipart 方式上传', ko: '멀티파트 업로드가 필요합니다' },
  emptyJson: { en: 'Request body is empty', ja: 'リクエスト本文が空です', zh: '请求内容为空', ko: '요청 본문이 비어 있습니다' },
  badJson: { en: 'Request body is not valid JSON', ja: 'リクエスト本文が正しい JSON ではありません', zh: '请求内容不是有效的 JSON', ko: '요청 본문이 올바른 JSON이 아닙니다' },
  database: {
    en: 'The database is unavailable right now. Please try again in a moment.',
    ja: 'ただいまデータベースに接続できません。少し待ってからもう一度お試しください。',
    zh: '数据库暂时不可用，请稍后再试。',
    ko: '지금은 데이터베이스를 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  },
  goneMeanwhile: {
    en: 'Something this change refers to was deleted a moment ago, so nothing was saved. Reload the page and try again.',
    ja: 'この変更が参照しているものがたった今削除されたため、何も保存されませんでした。ページを再読み込みしてやり直してください。',
    zh: '此更改引用的内容刚刚被删除，因此未保存任何内容。请刷新页面后重试。',
    ko: '이 변경이 가리키는 항목이 방금 삭제되어 아무것도 저장되지 않았습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
  },
  badLength: { en: 'Invalid content length', ja: 'Content-Length が正しくありません', zh: 'Content-Length 无效', ko: 'Content-Length가 올바르지 않습니다' },
} satisfies Record<string, LocalizedText>;

/**
 * PostgreSQL (or the way to it) is down, not the request wrong: refused or reset connections, the server
 * shutting down or starting (SQLSTATE classes 08 and 57P), a pool that cannot get a connection in time.
 */
function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(08|57P0[1-3])/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

/**
 * A row this request writes points at one deleted after the request checked it (a document deleted while a
 * comment on it was being saved): SQLSTATE 23503, foreign_key_violation. The write is refused whole.
 */
function isGoneMeanwhile(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    if (e.code === '23503') return true;
  }
  return false;
}

/** The one mapping from anything thrown to the API's JSON error shape. Never leaks a stack trace. */
export function toErrorResponse(err: unknown, request: FastifyRequest): ErrorResponse {
  const language = languageOf(request.headers['accept-language']);
  const say = (text: LocalizedText) => localize(text, language);
  if (err instanceof HttpError) {
    const body: ApiErrorBody = { error: err.messageIn(language), code: err.code };
    if (err.details !== undefined) body.details = err.details;
    return { status: err.statusCode, body, headers: err.headers ?? {} };
  }
  const e = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(e)) {
    const details = e.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'Invalid value',
    }));
    return {
      status: 422,
      body: { error: say(TEXT.invalid), code: 'VALIDATION_ERROR', details },
      headers: {},
    };
  }
  if (isResponseSerializationError(e)) {
    request.log.error({ err: e }, 'response did not match its schema');
    return { status: 500, body: { error: say(TEXT.internal), code: 'INTERNAL' }, headers: {} };
  }
  const known: Record<string, [number, string, LocalizedText]> = {
    FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', TEXT.tooLarge],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', TEXT.mediaType],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON', TEXT.emptyJson],
    FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON', TEXT.badJson],
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', TEXT.badLength],
    FST_ERR_VALIDATION: [422, 'VALIDATION_ERROR', TEXT.invalid],
    FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', TEXT.fileTooLarge],
    FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', TEXT.multipart],
  };
  const hit = e.code ? known[e.code] : undefined;
  if (hit) return { status: hit[0], body: { error: say(hit[2]), code: hit[1] }, headers: {} };
  if (e instanceof SyntaxError && e.statusCode === 400) {
    return { status: 400, body: { error: say(TEXT.badJson), code: 'MALFORMED_JSON' }, headers: {} };
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, body: { error: e.message, code: e.code ?? 'BAD_REQUEST' }, headers: {} };
  }
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err: (err as Error).message }, 'database unavailable');
    return { status: 503, body: { error: say(TEXT.database), code: 'DATABASE_UNAVAILABLE' }, headers: { 'retry-after': '5' } };
  }
  if (isGoneMeanwhile(err)) {
    request.log.warn({ err: (err as Error).message }, 'refers to a row deleted meanwhile');
    return { status: 409, body: { error: say(TEXT.goneMeanwhile), code: 'GONE_MEANWHILE' }, headers: {} };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, body: { error: say(TEXT.internal), code: 'INTERNAL' }, headers: {} };
}

export function sendError(reply: FastifyReply, response: ErrorResponse, extra: Record<string, unknown> = {}) {
  return reply
    .status(response.status)
    .headers(response.headers)
    .send({ ...extra, ...response.body });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => sendError(reply, toErrorResponse(err, request)));
}
