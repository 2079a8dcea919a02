import {
  isCoreMode,
  MODE_CONFIGS,
  ModeError,
  normaliseInstalled,
  normaliseUsage,
  recordModeOpen,
  recordModeTime,
  STORAGE_KEYS,
  type ModeId,
  type UsageStats,
} from '@yumi/core';
import { create } from 'zustand';
import { installMode, uninstallMode, type InstallDetail, type InstallStep } from './manager';
import { readJson, writeJson } from './storage';

export interface InstallJob {
  progress: number;
  step: InstallStep;
  /** Files and bytes downloaded so far, while caching. */
  detail?: InstallDetail;
  /** The mode manager's error (§8): its kind for translation, the English message, the reason if any. */
  error?: { kind: string; message: string; reason?: string };
}

const toJobError = (err: unknown): InstallJob['error'] => {
  if (err instanceof ModeError) return { kind: err.kind, message: err.message, reason: err.reason };
  return { kind: 'installationFailed', message: String((err as Error)?.message ?? err) };
};

interface ModesState {
  installed: ModeId[];
  usage: UsageStats;
  jobs: Partial<Record<ModeId, InstallJob>>;
  install(id: ModeId): Promise<boolean>;
  uninstall(id: ModeId): Promise<boolean>;
  recordOpen(id: ModeId): void;
  addTime(id: ModeId, ms: number): void;
  verify(): Promise<void>;
}

/** Installed modes and usage stats, kept in local storage (first document §4, §7). */
export const useModes = create<ModesState>((set, get) => {
  const setJob = (id: ModeId, job: InstallJob | undefined) => set({ jobs: { ...get().jobs, [id]: job } });
  const saveInstalled = (installed: ModeId[]) => {
    writeJson(STORAGE_KEYS.installedModes, installed);
    set({ installed });
  };
  const saveUsage = (usage: UsageStats) => {
    writeJson(STORAGE_KEYS.usageStats, usage);
    set({ usage });
  };
  return {
    installed: normaliseInstalled(readJson(STORAGE_KEYS.installedModes)),
    usage: normaliseUsage(readJson(STORAGE_KEYS.usageStats)),
    jobs: {},
    async install(id) {
      try {
        const next = await installMode(get().installed, id, (progress, step, detail) => setJob(id, { progress, step, detail }));
        saveInstalled(next);
        // The Anime mode offline needs the user's characters too: their current drawings come along.
        if (id === 'anime') void import('../offline/characters').then((m) => m.refreshCharacters()).catch(() => undefined);
        return true;
      } catch (err) {
        setJob(id, { progress: 0, step: 'error', error: toJobError(err) });
        return false;
      }
    },
    async uninstall(id) {
      try {
        saveInstalled(await uninstallMode(get().installed, id));
        // Image kept copies of the gallery's pictures for offline use: they go with it.
        if (id === 'image') await import('../image-generation/offline/devicePictures').then((m) => m.dropServerCopies()).catch(() => undefined);
        setJob(id, undefined);
        return true;
      } catch (err) {
        setJob(id, { progress: 0, step: 'error', error: toJobError(err) });
        return false;
      }
    },
    recordOpen: (id) => saveUsage(recordModeOpen(get().usage, id, new Date())),
    async verify() {
      // Storage may claim a mode whose files are gone (cleared site data, hostile edit): trust the caches.
      if (typeof caches === 'undefined') return;
      const { installed } = get();
      const kept: ModeId[] = [];
      for (const id of installed) if (isCoreMode(id) || (await caches.has(MODE_CONFIGS[id].cacheKeys[0]!))) kept.push(id);
      if (kept.length !== installed.length) saveInstalled(kept);
    },
    addTime: (id, ms) => saveUsage(recordModeTime(get().usage, id, ms)),
  };
});

void useModes.getState().verify().catch(() => undefined);
