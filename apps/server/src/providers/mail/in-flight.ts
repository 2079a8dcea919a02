import { setImmediate as afterIo } from 'node:timers/promises';

/**
 * Runs background sends and remembers them until they settle. Work starts on the next turn of the event
 * loop, after the asking request has written its answer: on the embedded database a query runs on this
 * thread, so starting at once would hold that answer back by the time the work takes (and tell by timing
 * whether a password-reset address has an account).
 */
export class InFlight {
  private readonly pending = new Set<Promise<void>>();
  run(work: () => Promise<void>, onError: (err: Error) => void): void {
    const p = afterIo()
      .then(work)
      .catch(onError);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
