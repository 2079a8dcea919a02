import type { MailOutcome } from '../../lib/metrics';
import { setImmediate as afterIo } from 'node:timers/promises';

/**
 * Runs background sends and remembers them until they settle. Work starts on the next turn of the event
 * loop, after the asking request has written its answer: on the embedded database a query runs on this
 * thread, so starting at once would hold that answer back by the time the work takes (and tell by timing
 * whether a password-reset address has an account).
 */
export class InFlight {
  private readonly pending = new Set<Promise<void>>();
  /** `counted` hears of each message: sent, or failed; work that resolves false (nothing to send) is neither. */
  constructor(private readonly counted?: (outcome: MailOutcome) => void) {}

  run(work: () => Promise<boolean>, onError: (err: Error) => void): void {
    const p = afterIo()
      .then(work)
      .then(
        (sent) => {
          if (sent) this.counted?.('sent');
        },
        (err: Error) => {
          this.counted?.('failed');
          onError(err);
        },
      );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
