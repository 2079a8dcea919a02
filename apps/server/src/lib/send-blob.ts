import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import parseRange from 'range-parser';
import type { Blobs } from '../providers/blob/registry';
import type { ByteRange } from '../providers/blob';
import { HttpError } from './http-error';

const RANGE_OUTSIDE = {
  en: 'The requested byte range is outside the file.',
  ja: '指定された範囲がファイルの外側です。',
  zh: '请求的字节范围超出了文件大小。',
  ko: '요청한 바이트 범위가 파일 크기를 벗어났습니다.',
};

/**
 * Streams a stored blob as the response, never whole in memory. Blobs are content-addressed, so the key is a
 * strong ETag (If-None-Match answers 304 without touching storage) and a Range is always of the same bytes.
 * The caller has done the owner or capability check and set the caching headers.
 */
export async function sendBlob(request: FastifyRequest, reply: FastifyReply, blobs: Blobs, key: string, missing: () => HttpError) {
  const etag = `"${key}"`;
  reply.header('etag', etag).header('accept-ranges', 'bytes');
  if (fresh(request.headers, { etag })) return reply.status(304).send();

  let range: ByteRange | undefined;
  const ifRange = request.headers['if-range'];
  const wanted = request.headers.range;
  // A Range under an If-Range naming other bytes is ignored: the whole blob is sent.
  if (wanted && (!ifRange || ifRange === etag)) {
    const size = await blobs.size(key);
    if (size === null) throw missing();
    const ranges = parseRange(size, wanted, { combine: true });
    if (ranges === -1) throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', RANGE_OUTSIDE, undefined, { 'content-range': `bytes */${size}` });
    // Malformed (-2) or several ranges: the whole blob (a 200 is always a valid answer to a Range).
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = { start: ranges[0]!.start, end: ranges[0]!.end };
  }
  const blob = await blobs.open(key, range);
  if (!blob) throw missing();
  reply.type(blob.contentType);
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', blob.size);
  }
  return reply.send(blob.stream);
}
