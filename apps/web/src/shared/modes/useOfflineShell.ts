import { NAMESPACES } from '@yumi/core';
import i18n from 'i18next';
import { useEffect } from 'react';
import { onEachReconnect } from '../network/connectivity';
import { toast } from '../ui/toast';
import { cacheForOffline, registerServiceWorker } from './serviceWorker';
import { useModes } from './store';

/**
 * Registers the service worker once the page is idle, then keeps the translations of the language in use
 * (every namespace, so each mode has its words offline) and the fonts this visit loaded before the worker
 * was in control. Runs again when the language changes. For a signed-in user, sends the edits and deletes
 * this device kept while offline (documents and characters) and copies their newest ones to this device,
 * and adds the pictures drawn offline in Image Studio to their gallery, now and whenever the network returns.
 */
export function useOfflineShell(language: string, userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    // Loaded on demand: the launcher's first paint does not need the documents code.
    // A delete made offline that met a newer edit elsewhere kept the item: say so, by name.
    const tellKept = (names: string[]) =>
      names.forEach((name) => toast('info', i18n.t('common:offline.deleteKept', { name: name || i18n.t('common:offline.untitled') }), 10_000));
    const send = () => {
      void import('../writing/mirroredSource')
        .then(async (m) => {
          tellKept((await m.sendPendingEdits(userId)).map((d) => d.title));
          await m.refreshMirror(userId);
        })
        .catch(() => undefined);
      void import('../offline/characters')
        .then(async (m) => {
          tellKept((await m.syncCharacters()).map((c) => c.name));
          await m.refreshCharacters();
        })
        .catch(() => undefined);
      void import('../image-generation/offline/devicePictures')
        .then(async (m) => {
          // Image installed for offline use keeps each as a copy of the server's picture.
          const { sent, refused, deleted } = await m.sendPicturesMadeHere(userId, useModes.getState().installed.includes('image'));
          if (sent) toast('success', i18n.t('common:offline.picturesSent', { count: sent }));
          if (refused) toast('warning', i18n.t('common:offline.picturesRefused', { count: refused }), 10_000);
          if (deleted) toast('info', i18n.t('common:offline.picturesDeleted', { count: deleted }), 10_000);
        })
        .catch(() => undefined);
    };
    return onEachReconnect(send);
  }, [userId]);

  useEffect(() => {
    let cancelled = false;
    const start = () => {
      registerServiceWorker()
        ?.then(() => {
          if (cancelled) return;
          const fonts = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && u.pathname.endsWith('.woff2'))
            .map((u) => u.pathname);
          return cacheForOffline([...NAMESPACES.map((ns) => `/locales/${language}/${ns}.json`), ...fonts]);
        })
        .catch(() => undefined); // no worker (private mode, old browser): the app still works online
    };
    if (!window.requestIdleCallback) {
      const id = window.setTimeout(start, 1500);
      return () => {
        cancelled = true;
        window.clearTimeout(id);
      };
    }
    const id = window.requestIdleCallback(start, { timeout: 5000 });
    return () => {
      cancelled = true;
      window.cancelIdleCallback(id);
    };
  }, [language]);
}
