import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// Every route that does CPU work (images, exports, plagiarism, generation) answers an anonymous caller
// 401 before reading the body: the request below announces a body within every route's limit and sends
// 1 KB of it, so a server that waited for (and parsed) the body first would never answer.
const CPU_ROUTES = [
  '/api/anime-chara/ai-draw',
  '/api/anime-chara-helper/generate-outline',
  '/api/anime-helper/analyze-colors',
  '/api/anime-chara-helper/generate',
  '/api/images/process',
  '/api/images/from-device',
  '/api/report/export/pdf',
  '/api/report/export/latex',
  '/api/plagiarism/check',
  '/api/plagiarism/sources',
  '/api/anime-helper/characters',
  '/api/art/upload',
];

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => t.close());

/** Sends the headers of a 900 KB JSON POST and its first kilobyte; answers the status line that comes back. */
function announceBody(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer before the body was sent');
    }, 5000);
    socket.on('data', (d) => {
      reply += d.toString('latin1');
      if (reply.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(reply.split('\r\n')[0]!);
      }
    });
    socket.on('error', reject);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${900 * 1024}\r\n\r\n`);
    socket.write(`{"imageData":"data:image/png;base64,${'A'.repeat(1024)}`);
  });
}

describe('CPU work needs a signed-in caller, decided before the body', () => {
  it.each(CPU_ROUTES)('%s answers an anonymous caller 401 before the body arrives', async (path) => {
    expect(await announceBody(path)).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('the OpenAPI document declares bearer security on each of them', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const path of CPU_ROUTES) {
      const op = doc.paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(op!.security, path).toEqual([{ bearer: [] }]);
    }
  });
});
