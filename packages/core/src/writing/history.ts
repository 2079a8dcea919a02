import type { YumiPersonality } from './control';

/** Every history list keeps at most this many entries, newest first (§9). */
export const HISTORY_CAP = 10;

export const HISTORY_KINDS = ['recentThemes', 'favoriteStyles', 'commonElements', 'preferredMoods'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export interface UserHistory {
  recentThemes: string[];
  favoriteStyles: string[];
  commonElements: string[];
  preferredMoods: string[];
  lastUsedPersonality: YumiPersonality | null;
}

export function emptyHistory(): UserHistory {
  return { recentThemes: [], favoriteStyles: [], commonElements: [], preferredMoods: [], lastUsedPersonality: null };
}

/** Adds a value in front of a list, dropping an older copy (case-insensitive) and anything past the cap. */
export function pushCapped(list: readonly string[], value: string, cap = HISTORY_CAP): string[] {
  const v = value.trim();
  if (!v) return list.slice(0, cap);
  const key = v.toLowerCase();
  return [v, ...list.filter((x) => x.toLowerCase() !== key)].slice(0, cap);
}

export function recordHistory(history: UserHistory, kind: HistoryKind, value: string): UserHistory {
  return { ...history, [kind]: pushCapped(history[kind], value) };
}

/** Changing personality records it as lastUsedPersonality (§4). */
export function recordPersonality(history: UserHistory, personality: YumiPersonality): UserHistory {
  return { ...history, lastUsedPersonality: personality };
}

/** Repairs a stored history of unknown shape: wrong types dropped, lists capped. */
export function normalizeHistory(value: unknown): UserHistory {
  const base = emptyHistory();
  if (!value || typeof value !== 'object') return base;
  const v = value as Record<string, unknown>;
  for (const kind of HISTORY_KINDS) {
    const list = v[kind];
    if (Array.isArray(list)) {
      base[kind] = list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.slice(0, 80)).slice(0, HISTORY_CAP);
    }
  }
  if (typeof v.lastUsedPersonality === 'string') base.lastUsedPersonality = v.lastUsedPersonality as YumiPersonality;
  return base;
}
