import { parse as parseDisposition } from 'content-disposition';

/** The one way the web app saves a file: a temporary link to a URL (same origin, blob: or data:) with a file name. */
export function downloadUrl(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves a blob (or text) as a file; its object URL is revoked once the browser has long since taken it. */
export function downloadBlob(data: Blob | string, name: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type }) : data);
  downloadUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The file name a response's Content-Disposition gives (quoted, bare or RFC 8187 `filename*`, read by the
 * `content-disposition` package the server writes it with), or `fallback`.
 */
export function fileNameOf(res: Response, fallback: string): string {
  try {
    return parseDisposition(res.headers.get('content-disposition') ?? '').parameters.filename || fallback;
  } catch {
    return fallback;
  }
}
