import {
  assertCanInstall,
  assertCanUninstall,
  INSTALL_PROGRESS,
  INSTALLABLE_MODES,
  LANGUAGES,
  MODE_CONFIGS,
  MODE_MESSAGES,
  modeFiles,
  ModeError,
  shellFiles,
  type ModeConfig,
  type ModeId,
  type ViteManifest,
} from '@yumi/core';
import { askWorker } from './serviceWorker';

/**
 * The mode manager (first document §4, mode installation): installing a mode downloads its lazy chunks
 * and assets, found from the build's Vite manifest, into its own Cache Storage through the service worker.
 */
export type InstallStep = keyof typeof INSTALL_PROGRESS;
export type ProgressListener = (progress: number, step: InstallStep) => void;

let manifestPromise: Promise<ViteManifest> | null = null;
/** The Vite manifest of the running build (vite.config.ts writes it to dist/build-manifest.json). */
export function loadViteManifest(): Promise<ViteManifest> {
  manifestPromise ??= fetch('/build-manifest.json', { cache: 'no-cache' }).then(async (res) => {
    if (!res.ok) throw new Error(`build manifest: HTTP ${res.status}`);
    return (await res.json()) as ViteManifest;
  });
  manifestPromise.catch(() => (manifestPromise = null));
  return manifestPromise;
}

const localeUrls = (namespaces: string[]) => LANGUAGES.flatMap((lng) => namespaces.map((ns) => `/locales/${lng}/${ns}.json`));
const SHELL_STATIC = ['/favicon.svg', '/yumi-mascot.svg', '/manifest.webmanifest', '/icons/icon-192.png'];

/** Everything a mode needs offline: its own files and the app shell it runs in. */
export async function modePlan(config: ModeConfig) {
  const manifest = await loadViteManifest();
  const files = modeFiles(manifest, config);
  if (files.length === 0) throw new Error(`no files of ${config.id} in this build`);
  const shell = [...new Set([...shellFiles(manifest), ...modeFiles(manifest, { assets: ['src/app/', 'src/features/launcher/'] }), ...SHELL_STATIC])];
  return { files, shell, optional: localeUrls(config.namespaces), shellOptional: localeUrls(['common', 'main']) };
}

/** Real size of a mode in this build: the sum of its files' lengths. */
export async function modeSize(id: ModeId): Promise<number> {
  const { files } = await modePlan(MODE_CONFIGS[id]);
  const sizes = await Promise.all(
    files.map((url) =>
      fetch(url, { method: 'HEAD' })
        .then((r) => Number(r.headers.get('content-length') ?? 0))
        .catch(() => 0),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

type WorkerReply = { type: 'progress'; done: number; total: number } | { type: 'done' } | { type: 'error'; reason: string };

export async function installMode(installed: readonly ModeId[], id: string, onProgress: ProgressListener): Promise<ModeId[]> {
  const modeId = assertCanInstall(installed, id);
  try {
    onProgress(INSTALL_PROGRESS.downloading, 'downloading');
    const plan = await modePlan(MODE_CONFIGS[modeId]);
    onProgress(INSTALL_PROGRESS.caching, 'caching');
    const span = INSTALL_PROGRESS.initializing - INSTALL_PROGRESS.caching;
    const result = await askWorker<WorkerReply>({ type: 'install-mode', id: modeId, ...plan }, (reply) => {
      if (reply.type === 'progress' && reply.total > 0) {
        onProgress(INSTALL_PROGRESS.caching + Math.floor((span * reply.done) / reply.total), 'caching');
      }
    });
    if (result.type === 'error') throw new Error(result.reason);
    onProgress(INSTALL_PROGRESS.initializing, 'initializing');
    await verifyCached(modeId, plan.files);
    onProgress(INSTALL_PROGRESS.complete, 'complete');
    return [...installed, modeId];
  } catch (err) {
    onProgress(INSTALL_PROGRESS.error, 'error');
    if (err instanceof ModeError) throw err;
    const reason = err instanceof Error && err.message ? err.message : undefined;
    throw new ModeError('installationFailed', MODE_MESSAGES.installationFailed(reason), reason);
  }
}

/** The cache must really hold every file before the mode counts as installed. */
async function verifyCached(id: ModeId, files: string[]) {
  const cache = await caches.open(MODE_CONFIGS[id].cacheKeys[0]!);
  const missing = (await Promise.all(files.map(async (f) => ((await cache.match(f)) ? null : f)))).filter(Boolean);
  if (missing.length) throw new Error(`${missing.length} files missing from the cache`);
}

export async function uninstallMode(installed: readonly ModeId[], id: string): Promise<ModeId[]> {
  const modeId = assertCanUninstall(installed, id);
  const rest = installed.filter((m) => m !== modeId);
  const dropShell = !rest.some((m) => INSTALLABLE_MODES.includes(m));
  try {
    await askWorker({ type: 'uninstall-mode', id: modeId, dropShell }, () => {});
  } catch {
    // No worker (e.g. it was unregistered): delete the caches from the page instead.
    for (const key of MODE_CONFIGS[modeId].cacheKeys) await caches.delete(key);
  }
  return rest;
}

/** Loading a mode that is not installed warns and answers nothing (§4); otherwise its config. */
export function loadMode(installed: readonly ModeId[], id: ModeId): ModeConfig | null {
  if (!installed.includes(id)) {
    console.warn(MODE_MESSAGES.notInstalled(id));
    return null;
  }
  return MODE_CONFIGS[id];
}
