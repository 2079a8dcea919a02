/* Yumi Studio service worker: makes installed modes work offline (first document §4, mode installation).
 * The page tells it which files a mode needs (found from the Vite manifest); it downloads them into that
 * mode's cache and reports progress. Requests go to the network first, so an online app is always fresh;
 * when the network fails, cached files answer, and navigations get the cached app shell. */
const SHELL_CACHE = 'yumi-shell';
const MODE_PREFIX = 'yumi-mode-';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Downloads `urls` into `cacheName` a few at a time, reporting each finished file. */
async function precache(cacheName, urls, report, optional = []) {
  const cache = await caches.open(cacheName);
  let done = 0;
  const queue = [...urls, ...optional];
  const isOptional = new Set(optional);
  const worker = async () => {
    while (queue.length) {
      const url = queue.shift();
      const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' }).catch((err) => {
        if (isOptional.has(url)) return null;
        throw err;
      });
      if (response && response.ok) await cache.put(url, response);
      else if (!isOptional.has(url)) throw new Error(`${url}: HTTP ${response ? response.status : 'network error'}`);
      done += 1;
      report({ type: 'file', done, total: urls.length + optional.length, url });
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, queue.length) }, worker));
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  if (!port) return;
  const reply = (msg) => port.postMessage(msg);
  const run = async () => {
    if (data.type === 'install-mode') {
      const name = MODE_PREFIX + data.id;
      try {
        // Translation files that do not exist (yet) are optional; code and assets are not.
        await precache(SHELL_CACHE, data.shell || [], () => {}, data.shellOptional || []);
        await precache(name, data.files || [], (p) => reply({ type: 'progress', ...p }), data.optional || []);
        reply({ type: 'done' });
      } catch (err) {
        await caches.delete(name);
        reply({ type: 'error', reason: String((err && err.message) || err) });
      }
    } else if (data.type === 'uninstall-mode') {
      await caches.delete(MODE_PREFIX + data.id);
      if (data.dropShell) await caches.delete(SHELL_CACHE);
      reply({ type: 'done' });
    } else if (data.type === 'ping') {
      reply({ type: 'pong' });
    }
  };
  event.waitUntil(run());
});

async function fromCache(request) {
  const hit = await caches.match(request, { ignoreSearch: request.mode === 'navigate' });
  if (hit) return hit;
  if (request.mode === 'navigate') {
    const shell = (await caches.match('/index.html')) || (await caches.match('/'));
    if (shell) return shell;
  }
  return Response.error();
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/installers/')) return;
  event.respondWith(fetch(request).catch(() => fromCache(request)));
});
