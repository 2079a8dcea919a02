/** Runs background sends and remembers them until they settle. */
export class InFlight {
  private readonly pending = new Set<Promise<void>>();
  run(work: () => Promise<void>, onError: (err: Error) => void): void {
    const p = work().catch(onError);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
