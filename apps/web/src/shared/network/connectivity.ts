/**
 * Whether the app can reach its server, the way a user experiences it.
 *
 * `navigator.onLine` alone is not enough: it stays true on a network without internet, behind a captive
 * portal, with the server stopped, and under some browser emulation. So the answer combines the browser's
 * online/offline events with what requests to the server actually do: a cheap probe of `/api/health`
 * (short timeout) at start, on the `online` event, when the tab comes back into view, after any API
 * request fails at the network level and every half minute while all is well (a stopped server sends no
 * event); while unreachable it probes again with a growing pause. Any HTTP answer, even an error status,
 * counts as reachable: the server is there.
 */

export const PROBE_URL = '/api/health';
export const PROBE_TIMEOUT_MS = 4000;
/** Pauses between probes while the server cannot be reached (the last one repeats). */
export const PROBE_BACKOFF_MS = [2000, 4000, 8000, 16000, 30000] as const;
/** Pause between probes while the server answers. */
export const HEARTBEAT_MS = 30_000;

type Listener = () => void;

const listeners = new Set<Listener>();
let reachable = true;
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let probing: Promise<boolean> | null = null;
let started = false;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The current answer: the browser thinks it is online and the server answered the last time we asked. */
export const isOnline = (): boolean => browserOnline() && reachable;

let last = isOnline();
function emit() {
  const now = isOnline();
  if (now === last) return;
  last = now;
  listeners.forEach((l) => l());
}

function probeIn(ms: number) {
  clearTimeout(timer);
  if (started) timer = setTimeout(() => void probe(), ms);
}

/** A request reached the server (any status): it is reachable. */
export function reportReached(): void {
  failures = 0;
  reachable = true;
  emit();
  probeIn(HEARTBEAT_MS);
}

/** A request failed before any answer came (DNS, refused, reset, timeout): find out whether we are offline. */
export function reportNetworkFailure(): void {
  void probe();
}

/** Asks the server once (only one probe at a time); resolves to whether it answered. */
export function probe(): Promise<boolean> {
  if (probing) return probing;
  const run = (async () => {
    let ok: boolean;
    if (!browserOnline()) ok = false;
    else {
      try {
        await fetch(PROBE_URL, { method: 'HEAD', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
        ok = true;
      } catch {
        ok = false;
      }
    }
    if (ok) reportReached();
    else {
      failures += 1;
      reachable = false;
      emit();
      // Offline per the browser: the `online` event wakes us, no need to poll.
      if (browserOnline()) probeIn(PROBE_BACKOFF_MS[Math.min(failures, PROBE_BACKOFF_MS.length) - 1]!);
      else clearTimeout(timer);
    }
    return ok;
  })();
  // Cleared after the run settles: offline per the browser the run finishes without awaiting anything, and
  // clearing inside it would happen before this assignment, leaving a finished probe in place for good.
  probing = run;
  void run.finally(() => {
    if (probing === run) probing = null;
  });
  return run;
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    failures = 0;
    emit();
    void probe();
  });
  window.addEventListener('offline', () => {
    clearTimeout(timer);
    emit();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void probe();
  });
  void probe();
}

/** Subscribes to changes of `isOnline()` (starts watching on first use). */
export function subscribeOnline(listener: Listener): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `work` now when online and again each time the network returns; answers the unsubscribe. */
export function onEachReconnect(work: () => void): () => void {
  if (isOnline()) work();
  let wasOnline = isOnline();
  return subscribeOnline(() => {
    if (!wasOnline && isOnline()) work();
    wasOnline = isOnline();
  });
}
