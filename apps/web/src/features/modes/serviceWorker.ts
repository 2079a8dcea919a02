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

let workbox: Workbox | null = null;
let registration: Promise<ServiceWorkerRegistration> | null = null;
let updateReady = false;
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
      if (event.isUpdate) window.location.reload();
    });
    registration = wb.register().then(() => navigator.serviceWorker.ready);
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
  if (workbox && updateReady) workbox.messageSkipWaiting();
  else window.location.reload();
}
/** Asks the server whether a newer build exists (after a chunk went missing, for example). */
export async function checkForUpdate(): Promise<void> {
  await workbox?.update();
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
