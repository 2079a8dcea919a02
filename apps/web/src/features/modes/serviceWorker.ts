/** Registers /sw.js (offline modes and the installable web app) and keeps the browser's install prompt. */
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

let registration: Promise<ServiceWorkerRegistration> | null = null;

/** Registers the worker once; resolves when it controls nothing yet but is active. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  registration ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready);
  return registration;
}

/** Sends a message to the active worker and streams its replies until `done` or `error`. */
export async function askWorker<T extends { type: string }>(message: object, onMessage: (reply: T) => void): Promise<T> {
  const ready = registerServiceWorker();
  if (!ready) throw new Error('Service workers are not available in this browser');
  const reg = await ready;
  const worker = reg.active;
  if (!worker) throw new Error('The offline service is not active yet');
  return new Promise<T>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      onMessage(event.data);
      if (event.data.type === 'done' || event.data.type === 'error') {
        channel.port1.close();
        resolve(event.data);
      }
    };
    worker.postMessage(message, [channel.port2]);
  });
}
