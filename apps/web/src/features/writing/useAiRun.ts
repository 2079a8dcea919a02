import { useCallback, useRef, useState } from 'react';

/** Runs one cancellable model call at a time and keeps its error for display. */
export function useAiRun() {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);
  const run = useCallback(async <T,>(task: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setRunning(true);
    setError(null);
    try {
      return await task(c.signal);
    } catch (err) {
      if (!c.signal.aborted) setError(err);
      return undefined;
    } finally {
      if (controller.current === c) {
        controller.current = null;
        setRunning(false);
      }
    }
  }, []);
  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setRunning(false);
  }, []);
  return { running, error, run, stop, setError };
}
