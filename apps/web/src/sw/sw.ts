/**
 * Yumi Studio's service worker (Workbox). The shell and the core modes (writing, report) are precached
 * on the first online visit; an installable mode's files are downloaded into its own cache when the user
 * installs it, from the list computed at build time (shared/modes/offlinePlan.ts). Every navigation is
 * answered with the precached app shell, so any page opens offline; the app then reads its data itself.
 */
import { MODE_CONFIGS, isModeId, isCoreMode, type ModeId } from '@yumi/core';
import { MODE_PLANS } from 'virtual:offline-plan';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { RouteMatchCallbackOptions } from 'workbox-core/types';
import { NavigationRoute, registerRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { PlannedFile } from '../shared/modes/offlinePlan';
import { FONTS_CACHE, LOCALES_CACHE, type ModeReply, type ModeRequest } from '../shared/modes/swProtocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Installer files are downloads from the server; /installers itself is a page of the app.
const SERVER_ONLY = [/^\/api\//, /^\/installers\//];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_ONLY }));

// An installed mode's files come from its cache; a mode that is not installed is fetched from the network
// and never cached piecemeal (its cache exists only after a complete install). A file two modes share (the
// generation code, the procedural worker) is in the cache of each; any installed one answers it.
const modeCache = (id: ModeId) => MODE_CONFIGS[id].cacheKeys[0]!;
const installableIds = Object.keys(MODE_PLANS).filter((id): id is ModeId => isModeId(id) && !isCoreMode(id));
const modesOfFile = new Map<string, ModeId[]>();
for (const id of installableIds) for (const f of MODE_PLANS[id]!.files as PlannedFile[]) modesOfFile.set(f.url, [...(modesOfFile.get(f.url) ?? []), id]);
registerRoute(
  ({ url, sameOrigin }: RouteMatchCallbackOptions) => sameOrigin && modesOfFile.has(url.pathname),
  async ({ request, url }) => {
    for (const id of modesOfFile.get(url.pathname)!) {
      const cached = await caches.match(request, { cacheName: modeCache(id) });
      if (cached) return cached;
    }
    return fetch(request);
  },
);

// Translations of the languages in use and fonts outside the precache (other scripts' subsets) are kept
// as they are fetched. This router also answers the page's CACHE_URLS message, which hands over what
// the first visit loaded before this worker was in control.
const runtime = new Router();
runtime.registerRoute(
  new Route(
    ({ url, sameOrigin }: RouteMatchCallbackOptions) => sameOrigin && url.pathname.startsWith('/locales/') && url.pathname.endsWith('.json'),
    new NetworkFirst({ cacheName: LOCALES_CACHE, networkTimeoutSeconds: 4 }),
  ),
);
runtime.registerRoute(
  new Route(
    ({ url, sameOrigin }: RouteMatchCallbackOptions) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
    new CacheFirst({ cacheName: FONTS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
  ),
);
runtime.addFetchListener();
runtime.addCacheListener();

clientsClaim();

/** Downloads the files of the mode's plan missing from its cache, reporting files and bytes. */
async function fillModeCache(id: ModeId, report: (reply: ModeReply) => void) {
  const plan = MODE_PLANS[id]!;
  const cache = await caches.open(modeCache(id));
  const have = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  let files = 0;
  let bytes = 0;
  const progress = () => report({ type: 'progress', files, filesTotal: plan.files.length, bytes, bytesTotal: plan.bytes });
  progress();
  const queue = [...plan.files];
  // A few downloads at once: the browser's own connection limit spreads them; more would only queue there.
  const lane = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      if (!have.has(file.url)) {
        const response = await fetch(file.url, { cache: 'no-cache', credentials: 'same-origin' });
        if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
        await cache.put(file.url, response);
      }
      files += 1;
      bytes += file.size;
      progress();
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}

/** Drops the files an older build left in the mode's cache. */
async function pruneModeCache(id: ModeId) {
  const keep = new Set(MODE_PLANS[id]!.files.map((f: PlannedFile) => f.url));
  const cache = await caches.open(modeCache(id));
  for (const request of await cache.keys()) if (!keep.has(new URL(request.url).pathname)) await cache.delete(request);
}

const installedModes = async () => (await Promise.all(installableIds.map(async (id) => ((await caches.has(modeCache(id))) ? id : null)))).filter((id): id is ModeId => id !== null);

// A new build brings installed modes up to date before it takes over, so they keep working offline.
self.addEventListener('install', (event) => {
  event.waitUntil(installedModes().then((ids) => Promise.all(ids.map((id) => fillModeCache(id, () => undefined)))));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(installedModes().then((ids) => Promise.all(ids.map(pruneModeCache))));
});

self.addEventListener('message', (event) => {
  const data = event.data as ModeRequest | { type: 'SKIP_WAITING' } | null;
  if (data?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  const port = event.ports[0];
  if (!port || !data || !('id' in data)) return;
  const reply = (msg: ModeReply) => port.postMessage(msg);
  const id = data.id;
  if (!isModeId(id) || !MODE_PLANS[id]) {
    reply({ type: 'error', reason: `Mode ${id} not found` });
    return;
  }
  const run = async () => {
    try {
      if (data.type === 'mode-plan') reply({ type: 'plan', files: MODE_PLANS[id]!.files.length, bytes: MODE_PLANS[id]!.bytes });
      else if (data.type === 'install-mode') {
        await fillModeCache(id, reply);
        await pruneModeCache(id);
        reply({ type: 'done' });
      } else if (data.type === 'uninstall-mode') {
        await caches.delete(modeCache(id));
        reply({ type: 'done' });
      }
    } catch (err) {
      // A half-filled cache must not count as installed.
      if (data.type === 'install-mode') await caches.delete(modeCache(id));
      reply({ type: 'error', reason: err instanceof Error ? err.message : String(err) });
    }
  };
  event.waitUntil(run());
});
