import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';

/**
 * Text no handler should ever see: NUL (PostgreSQL text cannot hold it, so it used to surface as a 500
 * after a paid model had already answered) and UTF-16 surrogates that are not part of a pair (not
 * encodable as UTF-8: drivers, logs and JSON encoders fail on them). Refused for the whole API before
 * validation, so before any handler, charge or write.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const TEXT = {
  en: 'Text may not contain NUL characters or unpaired UTF-16 surrogates.',
  ja: 'テキストに NUL 文字や対になっていないサロゲート文字は使えません。',
  zh: '文本不能包含 NUL 字符或不成对的 UTF-16 代理字符。',
  ko: '텍스트에 NUL 문자나 짝이 맞지 않는 UTF-16 서로게이트를 넣을 수 없습니다.',
} as const;

/** Where the first forbidden string is (its key or value), as a dotted path; null when all is clean. */
export function findForbiddenText(value: unknown, root: string): string | null {
  // Most requests carry no params, no query and no body: nothing to walk.
  if (value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0)) return null;
  // Iterative walk: a body nested 100,000 levels deep must not overflow the stack.
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (FORBIDDEN.test(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push([v[i], `${path}.${i}`]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (FORBIDDEN.test(k)) return path;
        stack.push([child, `${path}.${k}`]);
      }
    }
  }
  return null;
}

function check(request: FastifyRequest) {
  const path =
    findForbiddenText(request.params, 'params') ??
    findForbiddenText(request.query, 'query') ??
    (Buffer.isBuffer(request.body) ? null : findForbiddenText(request.body, 'body'));
  if (path) throw new HttpError(422, 'VALIDATION_ERROR', TEXT, [{ path, message: TEXT.en }]);
}

export function registerInputGuard(app: FastifyInstance): void {
  // Synchronous (a throw becomes the 422): it runs on every request, where a promise per call showed.
  app.addHook('preValidation', (request, _reply, done) => {
    check(request);
    done();
  });
}
