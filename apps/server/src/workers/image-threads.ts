import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of the pool's worker threads (pool.ts); libvips's threads get the same. */
export const WORKER_NICE = 10;

/**
 * sharp hands its pixel work to libvips's own threads ("libvips worker"), which are started from libuv's
 * thread pool at normal priority — so a niced worker thread still had its image work compete with the
 * event loop as an equal. On Linux one thread's nice value can be set by its thread id (setpriority with
 * PRIO_PROCESS applies to the thread), so they are lowered to the workers' level. Elsewhere this does nothing.
 */
export function niceImageThreads(): void {
  let ids: string[];
  try {
    ids = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const id of ids) {
    try {
      if (!readFileSync(`/proc/self/task/${id}/comm`, 'utf8').startsWith('libvips')) continue;
      const tid = Number(id);
      if (getPriority(tid) < WORKER_NICE) setPriority(tid, WORKER_NICE);
    } catch {
      // The thread ended between the listing and the call.
    }
  }
}

/** Re-checks every `ms` (libvips starts threads on demand); the timer never keeps the process alive. */
export function keepImageThreadsNiced(ms = 500): () => void {
  niceImageThreads();
  const timer = setInterval(niceImageThreads, ms);
  timer.unref();
  return () => clearInterval(timer);
}
