/**
 * What the service worker keeps for offline use, computed at build time from the bundle's module graph
 * (vite.config.ts feeds it the chunks; the worker receives the result). Pure, so it is unit-tested.
 *
 * - The shell: the entry chunk and the app's start module with everything they import statically, plus
 *   the screens every visitor may open (launcher, sign-in, top bar dialogs, assistant overlay, legal
 *   pages, not found), each with all it imports statically or lazily, CSS and assets included.
 *   Precached on the first online visit.
 * - Core modes (always installed) are precached with the shell; their lists serve to show their size.
 * - Each installable mode: the closure of its own chunks minus what the shell already has; downloaded into
 *   the mode's cache when the user installs it.
 */

/** One output file of the build, as the bundler describes it (file names relative to the output root). */
interface BuildNode {
  file: string;
  /** Source module the chunk stands for (its facade), relative to the app root, e.g. src/features/anime/AnimePage.tsx. */
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type BuildGraph = Record<string, BuildNode>;

export interface PlannedFile {
  url: string;
  size: number;
}
interface ModePlan {
  files: PlannedFile[];
  bytes: number;
}
export interface OfflinePlan {
  /** Absolute URLs of the bundle's files precached with the shell (public files are added by the caller). */
  shell: string[];
  modes: Record<string, ModePlan>;
}

/** Source folders of the screens that make up the shell. */
const SHELL_FOLDERS = [
  'src/app/',
  'src/features/launcher/',
  'src/features/auth/',
  'src/features/assistant/',
  'src/features/customizer/',
  'src/features/downloads/',
  'src/features/modes/',
  'src/features/legal/',
] as const;

/**
 * The app's start module: the entry imports it lazily, once the HTML splash has painted (main.tsx). It is
 * part of the shell as the entry is, and like the entry it lazily imports every screen, so those lazy
 * imports are not followed from it.
 */
const START_SRC = 'src/app/boot.tsx';

/** Browsers that run service workers all read woff2; the older font formats beside it are never fetched. */
const UNUSED_FONT = /\.(woff|ttf|eot)$/;

/**
 * Every file reachable from `roots`: chunks, their CSS and assets, following lazy imports when asked.
 * Chunks in `skip` (the entry and the start module, which lazily import every screen) are not entered.
 */
function reachable(graph: BuildGraph, roots: Iterable<string>, followLazy: boolean, skip: ReadonlySet<string> = new Set()): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>(skip);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const node = graph[key];
    if (!node) return;
    files.add(node.file);
    for (const f of [...(node.css ?? []), ...(node.assets ?? [])]) if (!UNUSED_FONT.test(f)) files.add(f);
    for (const next of node.imports ?? []) visit(next);
    if (followLazy) for (const next of node.dynamicImports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return files;
}

const rootsIn = (graph: BuildGraph, folders: readonly string[]) =>
  Object.keys(graph).filter((key) => {
    const node = graph[key]!;
    return !node.isEntry && node.src !== undefined && folders.some((folder) => node.src!.startsWith(folder));
  });

const url = (file: string) => `/${file}`;

export function planOffline(
  graph: BuildGraph,
  sizeOf: (file: string) => number,
  modes: Record<string, { assets: readonly string[]; core: boolean }>,
): OfflinePlan {
  const entries = Object.keys(graph).filter((key) => graph[key]!.isEntry);
  if (entries.length === 0) throw new Error('offline plan: the build has no entry chunk');
  const starts = [...entries, ...Object.keys(graph).filter((key) => graph[key]!.src === START_SRC)];
  const shell = reachable(graph, starts, false);
  const own = (folders: readonly string[]) => reachable(graph, rootsIn(graph, folders), true, new Set(starts));
  for (const f of own(SHELL_FOLDERS)) shell.add(f);
  const closures = Object.fromEntries(Object.entries(modes).map(([id, mode]) => [id, own(mode.assets)]));
  for (const [id, files] of Object.entries(closures)) {
    if (files.size === 0) throw new Error(`offline plan: no chunk of mode ${id} in the build`);
    if (modes[id]!.core) for (const f of files) shell.add(f);
  }
  // A core mode's list is everything it uses (for its size); an installable mode's, what the shell lacks.
  const planned: Record<string, ModePlan> = {};
  for (const [id, files] of Object.entries(closures)) {
    const list = [...files]
      .filter((f) => modes[id]!.core || !shell.has(f))
      .sort()
      .map((f) => ({ url: url(f), size: sizeOf(f) }));
    planned[id] = { files: list, bytes: list.reduce((sum, f) => sum + f.size, 0) };
  }
  return { shell: [...shell].sort().map(url), modes: planned };
}
