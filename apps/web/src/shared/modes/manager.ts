import {
  assertCanInstall,
  assertCanUninstall,
  INSTALL_PROGRESS,
  MODE_CONFIGS,
  MODE_MESSAGES,
  ModeError,
  type ModeConfig,
  type ModeId,
} from '@yumi/core';
import { askWorker } from './serviceWorker';

/**
 * The mode manager (first document §4, mode installation): installing a mode downloads exactly the files
 * the build listed for it (shared/modes/offlinePlan.ts) into its own cache, through the service worker.
 */
export type InstallStep = keyof typeof INSTALL_PROGRESS;
export interface InstallDetail {
  files: number;
  filesTotal: number;
  bytes: number;
  bytesTotal: number;
}
export type ProgressListener = (progress: number, step: InstallStep, detail?: InstallDetail) => void;

/** A mode's download in this build: number of files and bytes, as the service worker holds it. */
export async function modeSize(id: ModeId): Promise<{ files: number; bytes: number }> {
  const reply = await askWorker({ type: 'mode-plan', id });
  if (reply.type !== 'plan') throw new Error(reply.type === 'error' ? reply.reason : 'no plan');
  return { files: reply.files, bytes: reply.bytes };
}

export async function installMode(installed: readonly ModeId[], id: string, onProgress: ProgressListener): Promise<ModeId[]> {
  const modeId = assertCanInstall(installed, id);
  try {
    onProgress(INSTALL_PROGRESS.downloading, 'downloading');
    const span = INSTALL_PROGRESS.initializing - INSTALL_PROGRESS.caching;
    const result = await askWorker({ type: 'install-mode', id: modeId }, (reply) => {
      if (reply.type !== 'progress') return;
      const share = reply.bytesTotal > 0 ? reply.bytes / reply.bytesTotal : reply.filesTotal > 0 ? reply.files / reply.filesTotal : 1;
      onProgress(INSTALL_PROGRESS.caching + Math.floor(span * share), 'caching', reply);
    });
    if (result.type === 'error') throw new Error(result.reason);
    onProgress(INSTALL_PROGRESS.initializing, 'initializing');
    if (!(await caches.has(MODE_CONFIGS[modeId].cacheKeys[0]!))) throw new Error('the cache was not created');
    onProgress(INSTALL_PROGRESS.complete, 'complete');
    return [...installed, modeId];
  } catch (err) {
    onProgress(INSTALL_PROGRESS.error, 'error');
    if (err instanceof ModeError) throw err;
    const reason = err instanceof Error && err.message ? err.message : undefined;
    throw new ModeError('installationFailed', MODE_MESSAGES.installationFailed(reason), reason);
  }
}

export async function uninstallMode(installed: readonly ModeId[], id: string): Promise<ModeId[]> {
  const modeId = assertCanUninstall(installed, id);
  try {
    await askWorker({ type: 'uninstall-mode', id: modeId });
  } catch {
    // No worker (e.g. it was unregistered): delete the caches from the page instead.
  }
  for (const key of MODE_CONFIGS[modeId].cacheKeys) await caches.delete(key);
  return installed.filter((m) => m !== modeId);
}

/** Loading a mode that is not installed warns and answers nothing (§4); otherwise its config. */
export function loadMode(installed: readonly ModeId[], id: ModeId): ModeConfig | null {
  if (!installed.includes(id)) {
    console.warn(MODE_MESSAGES.notInstalled(id));
    return null;
  }
  return MODE_CONFIGS[id];
}
