/** Messages between the page and the service worker (src/sw/sw.ts) about installable modes. */

/** Page to worker. */
export type ModeRequest = { type: 'mode-plan'; id: string } | { type: 'install-mode'; id: string } | { type: 'uninstall-mode'; id: string };

/** Worker to page, on the message's own channel; `done` and `error` end the exchange. */
export type ModeReply =
  | { type: 'plan'; files: number; bytes: number }
  | { type: 'progress'; files: number; filesTotal: number; bytes: number; bytesTotal: number }
  | { type: 'done' }
  | { type: 'error'; reason: string };

export const LOCALES_CACHE = 'yumi-locales';
export const FONTS_CACHE = 'yumi-fonts';
