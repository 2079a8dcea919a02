/** Registers the service worker (offline shell and modes, updates) and keeps the browser's install prompt. */
import { Workbox } from 'workbox-window';
import type { ModeReply, ModeRequest } from './swProtocol';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  // The browser fires this once, early: keep it for the Install button of the download section.
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
  });
}

export const canPromptInstall = () => deferredPrompt !== null;
export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install prompt; answers whether the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferredPrompt;
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  deferredPrompt = null;
  notify();
  return outcome === 'accepted';
}

export const isStandalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true);

/** How often a page left open asks whether a new build was deployed (also whenever it is shown again). */
const UPDATE_CHECK_MS = 60 * 60_000;
/** How long a switch to the newest build waits for its worker to install before reloading plainly. */
const INSTALL_WAIT_MS = 20_000;

let workbox: Workbox | null = null;
let registration: Promise<ServiceWorkerRegistration> | null = null;
let updateReady = false;
/** The user chose to switch to the waiting build: reload when it takes over. */
let switching = false;
const updateListeners = new Set<() => void>();

/**
 * Registers /sw.js once (Workbox, src/sw/sw.ts). A new deployment's worker waits until the user chooses to
 * reload (`applyUpdate`); when it takes over, the page reloads so page and worker are the same build.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (!registration) {
    const wb = new Workbox('/sw.js', { scope: '/' });
    workbox = wb;
    wb.addEventListener('waiting', () => {
      updateReady = true;
      updateListeners.forEach((l) => l());
    });
    wb.addEventListener('controlling', (event) => {
      // isUpdate is false on a page first loaded without a worker, yet its Reload asked for the switch.
      if (event.isUpdate || switching) window.location.reload();
    });
    registration = wb.register().then(() => navigator.serviceWorker.ready);
    // A page left open learns of a new deployment too, not only a freshly loaded one.
    setInterval(() => void checkForUpdate(), UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void checkForUpdate();
    });
  }
  return registration;
}

/** Whether a newer build is installed and waits for a reload. */
export const isUpdateReady = () => updateReady;
export function onUpdateReady(listener: () => void): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}
/** Lets the waiting build take over; the page reloads when it does. */
export function applyUpdate(): void {
  if (workbox && updateReady) {
    switching = true;
    workbox.messageSkipWaiting();
  } else window.location.reload();
}
/** Asks the server whether a newer build exists; offline or without a worker, nothing happens. */
async function checkForUpdate(): Promise<void> {
  await workbox?.update().catch(() => undefined);
}

/**
 * A file of this build is gone from the server (a newer deployment replaced it): switch to the newest build,
 * through its worker once that is installed, so the reload does not come back to this build's cached shell.
 */
export async function reloadToLatest(): Promise<void> {
  const reg = await registerServiceWorker()?.catch(() => null);
  if (reg && !updateReady) {
    await reg.update().catch(() => undefined);
    if (reg.installing || reg.waiting) {
      await new Promise<void>((resolve) => {
        const off = onUpdateReady(() => {
          off();
          resolve();
        });
        setTimeout(resolve, INSTALL_WAIT_MS);
      });
    }
  }
  applyUpdate();
}

/** Keeps the given same-origin files (translations, fonts) in the worker's runtime caches for offline use. */
export async function cacheForOffline(urls: string[]): Promise<void> {
  if (!workbox || urls.length === 0) return;
  await registration;
  await workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}

/** Sends a message to the active worker and streams its replies until `done` or `error`. */
export async function askWorker(message: ModeRequest, onMessage: (reply: ModeReply) => void = () => undefined): Promise<ModeReply> {
  const ready = registerServiceWorker();
  if (!ready) throw new Error('Service workers are not available in this browser');
  const reg = await ready;
  const worker = reg.active;
  if (!worker) throw new Error('The offline service is not active yet');
  return new Promise<ModeReply>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<ModeReply>) => {
      onMessage(event.data);
      if (event.data.type !== 'progress') {
        channel.port1.close();
        resolve(event.data);
      }
    };
    worker.postMessage(message, [channel.port2]);
  });
}
