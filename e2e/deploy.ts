import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join } from 'node:path';
import { Readable } from 'node:stream';

// Deployments under a running page, for the update test: one web build served as it is, and a second made
// from it by renaming files (as new content hashes do), so no second `vite build` is needed.

const DIST = 'apps/web/dist';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** A build as served: apps/web/dist, with some files replaced or added and some gone. */
export interface Build {
  files: Map<string, Buffer>;
  removed: Set<string>;
}
export const firstBuild: Build = { files: new Map(), removed: new Set() };

const read = (rel: string) => readFileSync(join(DIST, rel), 'utf8');

/**
 * The next deployment after a change to the module `src`: its chunk gets a new name, and so does every
 * chunk that names a renamed one (a changed import changes the importer's hash), up to index.html and the
 * service worker (its precache list names them; index.html gets a new revision). Old names are gone from
 * the server. index.html carries `<meta name="yumi-build" content="{name}">` to tell the builds apart.
 */
export function secondBuild(src: string, name = 'second'): Build {
  const manifest = JSON.parse(read('build-manifest.json')) as Record<string, { file: string }>;
  const changed = manifest[src]?.file;
  if (!changed) throw new Error(`${src} is not in the build manifest`);
  const chunks = readdirSync(join(DIST, 'assets'))
    .filter((f) => /\.(m?js|css)$/.test(f))
    .map((f) => `assets/${f}`);
  const text = new Map(chunks.map((f) => [f, read(f)]));
  const renamed = new Set([changed]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, body] of text) {
      if (renamed.has(file)) continue;
      if ([...renamed].some((r) => body.includes(basename(r)))) {
        renamed.add(file);
        grew = true;
      }
    }
  }
  const next = (file: string) => file.replace(/(\.m?js|\.css)$/, `${name}$1`);
  const rewrite = (body: string) => {
    for (const r of renamed) body = body.split(basename(r)).join(basename(next(r)));
    return body;
  };
  const build: Build = { files: new Map(), removed: new Set(renamed) };
  for (const r of renamed) build.files.set(next(r), Buffer.from(rewrite(text.get(r)!)));
  build.files.set('index.html', Buffer.from(rewrite(read('index.html')).replace('<head>', `<head><meta name="yumi-build" content="${name}">`)));
  const sw = rewrite(read('sw.js')).replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, `$1${name}$2`);
  if (!sw.includes(`"revision":"${name}","url":"index.html"`)) throw new Error('sw.js: no precache entry for index.html');
  build.files.set('sw.js', Buffer.from(sw));
  return build;
}

/**
 * Serves a build on a port of its own (a fresh origin, so a service worker of its own), like the app's
 * server: immutable hashed assets, every other path answered with index.html; /api goes to `api`.
 * `deploy` swaps the build under the running page.
 */
export async function serveBuilds(api: string) {
  let current = firstBuild;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/')) {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection')) as Record<string, string>;
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream);
      fetch(`${api}${req.url}`, { method: req.method, headers, body, duplex: 'half' } as RequestInit)
        .then(async (r) => {
          // fetch has decoded the body already: its encoding and length headers no longer apply.
          const out = Object.fromEntries([...r.headers].filter(([k]) => k !== 'content-encoding' && k !== 'content-length'));
          res.writeHead(r.status, out);
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
      return;
    }
    let rel = path.slice(1);
    let body = current.files.get(rel);
    const file = join(DIST, rel);
    if (!body && !current.removed.has(rel) && rel && !rel.includes('..') && existsSync(file) && statSync(file).isFile()) body = readFileSync(file);
    if (!body) {
      rel = 'index.html';
      body = current.files.get(rel) ?? readFileSync(join(DIST, rel));
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(rel)] ?? 'application/octet-stream',
      'cache-control': rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    deploy(build: Build) {
      current = build;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
