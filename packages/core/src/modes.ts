/** Modes of the launcher and the offline mode manager (first document §3 mode config, §4, §8). */
export const MODE_IDS = ['writing', 'report', 'anime', 'image'] as const;
export type ModeId = (typeof MODE_IDS)[number];
/** Always installed, cannot be uninstalled. */
export const CORE_MODES: readonly ModeId[] = ['writing', 'report'];
export const INSTALLABLE_MODES: readonly ModeId[] = ['anime', 'image'];

export const isModeId = (value: unknown): value is ModeId => typeof value === 'string' && (MODE_IDS as readonly string[]).includes(value);
export const isCoreMode = (id: ModeId) => CORE_MODES.includes(id);

/** Where each mode opens (writing and report share the writing app; report opens its screen). */
export const MODE_ROUTES: Record<ModeId, string> = {
  writing: '/writing',
  report: '/writing?screen=report',
  anime: '/anime-chara',
  image: '/image',
};

/** Which mode a location belongs to, for usage time tracking; null outside every mode. */
export function modeForLocation(pathname: string, search: string): ModeId | null {
  if (pathname === '/writing' || pathname === '/writing-helper') {
    return /[?&]screen=report(&|$)/.test(search) ? 'report' : 'writing';
  }
  if (pathname === '/anime-chara' || pathname.startsWith('/anime-chara/')) return 'anime';
  if (pathname === '/image' || pathname.startsWith('/image/')) return 'image';
  return null;
}

/** Mode selection: the selection shows 2 s, then a 1 s loading state, then the mode opens (§9). */
export const MODE_SELECTION_MS = 2000;
export const MODE_LOADING_MS = 1000;

/** The mode config of §3. `size` is filled in from the build's real file sizes at run time. */
export interface ModeConfig {
  id: ModeId;
  name: string;
  version: string;
  size: number;
  dependencies: string[];
  /** Cache Storage names the mode's files live in. */
  cacheKeys: string[];
  /** Source folders (Vite manifest `src` prefixes) whose chunks and assets make up the mode. */
  assets: string[];
  /** Translation namespaces the mode needs offline. */
  namespaces: string[];
  /** The component the mode opens with (resolved by `modeComponentRoute`). */
  component: string;
}

const MODE_CACHE_PREFIX = 'yumi-mode-';

const config = (id: ModeId, name: string, component: string, assets: string[], namespaces: string[], dependencies: string[] = []): ModeConfig => ({
  id,
  name,
  version: '1.0.0',
  size: 0,
  dependencies,
  cacheKeys: [`${MODE_CACHE_PREFIX}${id}`],
  assets,
  namespaces,
  component,
});

export const MODE_CONFIGS: Record<ModeId, ModeConfig> = {
  writing: config('writing', 'Writing Helper', 'WritingHelper', ['src/features/writing/'], ['writing', 'helper']),
  report: config('report', 'Report Helper', 'ReportHelper', ['src/features/report/', 'src/features/writing/'], ['report', 'writing', 'helper']),
  anime: config('anime', 'Anime Character Designer', 'AnimeCharaHelper', ['src/features/anime/', 'src/features/anime-generate/'], ['anime', 'helper'], ['paint', 'imaging']),
  image: config('image', 'Image Studio', 'ImageStudio', ['src/features/image/'], ['image', 'helper']),
};

/** Component names a mode config may name; anything else is 'Unknown component: {name}'. */
const COMPONENT_ROUTES: Record<string, string> = {
  WritingHelper: MODE_ROUTES.writing,
  ReportHelper: MODE_ROUTES.report,
  AnimeCharaHelper: MODE_ROUTES.anime,
  ImageStudio: MODE_ROUTES.image,
};

/** Installation progress steps (§4). */
export const INSTALL_PROGRESS = { downloading: 10, caching: 50, initializing: 80, complete: 100, error: 0 } as const;
/** The dependency download step takes 1 second (§4); here it is the real manifest download, at least that long. */
export const DEPENDENCY_STEP_MS = 1000;

/** The mode manager's messages, word for word (§8). */
export const MODE_MESSAGES = {
  notFound: (id: string) => `Mode ${id} not found`,
  alreadyInstalled: (id: string) => `Mode ${id} is already installed`,
  cannotUninstallCore: (id: string) => `Cannot uninstall core mode: ${id}`,
  notInstalled: (id: string) => `Mode ${id} is not installed`,
  installationFailed: (reason?: string) => `Installation failed: ${reason || 'Unknown error occurred'}`,
  unknownComponent: (name: string) => `Unknown component: ${name}`,
} as const;

export class ModeError extends Error {
  constructor(
    readonly kind: keyof typeof MODE_MESSAGES,
    message: string,
    /** For 'installationFailed': the reason in the message, kept apart for translated messages. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ModeError';
  }
}

export function modeComponentRoute(name: string): string {
  const route = COMPONENT_ROUTES[name];
  if (!route) throw new ModeError('unknownComponent', MODE_MESSAGES.unknownComponent(name));
  return route;
}

/** Installed modes read from storage: always the core modes, plus valid installable ids, no repeats. */
export function normaliseInstalled(value: unknown): ModeId[] {
  const extra = Array.isArray(value) ? value.filter((v): v is ModeId => isModeId(v) && !isCoreMode(v)) : [];
  return [...CORE_MODES, ...INSTALLABLE_MODES.filter((m) => extra.includes(m))];
}

/** Checks before an install; throws the spec's messages. */
export function assertCanInstall(installed: readonly string[], id: string): ModeId {
  if (!isModeId(id)) throw new ModeError('notFound', MODE_MESSAGES.notFound(id));
  if (installed.includes(id)) throw new ModeError('alreadyInstalled', MODE_MESSAGES.alreadyInstalled(id));
  return id;
}

/** Checks before an uninstall; throws the spec's messages. */
export function assertCanUninstall(installed: readonly string[], id: string): ModeId {
  if (!isModeId(id)) throw new ModeError('notFound', MODE_MESSAGES.notFound(id));
  if (isCoreMode(id)) throw new ModeError('cannotUninstallCore', MODE_MESSAGES.cannotUninstallCore(id));
  if (!installed.includes(id)) throw new ModeError('notInstalled', MODE_MESSAGES.notInstalled(id));
  return id;
}

export interface ModeUsage {
  count: number;
  /** ISO time of the last opening. */
  lastUsed: string | null;
  /** Milliseconds spent in the mode. */
  totalTime: number;
}
export type UsageStats = Partial<Record<ModeId, ModeUsage>>;

const EMPTY_USAGE: ModeUsage = { count: 0, lastUsed: null, totalTime: 0 };

/** Usage stats read from storage; anything malformed is dropped, never trusted. */
export function normaliseUsage(value: unknown): UsageStats {
  const out: UsageStats = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const id of MODE_IDS) {
    const u = (value as Record<string, unknown>)[id] as Partial<ModeUsage> | undefined;
    if (!u || typeof u !== 'object') continue;
    const count = Number.isSafeInteger(u.count) && (u.count as number) >= 0 ? (u.count as number) : 0;
    const totalTime = Number.isFinite(u.totalTime) && (u.totalTime as number) >= 0 ? Math.round(u.totalTime as number) : 0;
    const lastUsed = typeof u.lastUsed === 'string' && !Number.isNaN(Date.parse(u.lastUsed)) ? u.lastUsed : null;
    out[id] = { count, lastUsed, totalTime };
  }
  return out;
}

export function recordModeOpen(stats: UsageStats, id: ModeId, now: Date): UsageStats {
  const prev = stats[id] ?? EMPTY_USAGE;
  return { ...stats, [id]: { ...prev, count: prev.count + 1, lastUsed: now.toISOString() } };
}

/** Adds time spent in a mode; negative or absurd spans (clock changes, > 1 day) are ignored. */
export function recordModeTime(stats: UsageStats, id: ModeId, ms: number): UsageStats {
  if (!Number.isFinite(ms) || ms <= 0 || ms > 86_400_000) return stats;
  const prev = stats[id] ?? EMPTY_USAGE;
  return { ...stats, [id]: { ...prev, totalTime: prev.totalTime + Math.round(ms) } };
}

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
