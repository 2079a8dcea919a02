/** Binary min-heap of integer items by numeric priority; duplicates allowed (callers skip stale ones). */
export class MinHeap {
  private keys = new Float64Array(64);
  private items = new Int32Array(64);
  private length = 0;

  get size(): number {
    return this.length;
  }

  push(item: number, key: number): void {
    if (this.length === this.keys.length) {
      const keys = new Float64Array(this.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const items = new Int32Array(this.length * 2);
      items.set(this.items);
      this.items = items;
    }
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = this.keys[parent] ?? 0;
      if (pk <= key) break;
      this.keys[i] = pk;
      this.items[i] = this.items[parent] ?? 0;
      i = parent;
    }
    this.keys[i] = key;
    this.items[i] = item;
  }

  /** Removes and returns the item with the smallest key, or -1 when empty. */
  pop(): number {
    if (this.length === 0) return -1;
    const top = this.items[0] ?? -1;
    const last = --this.length;
    const key = this.keys[last] ?? 0;
    const item = this.items[last] ?? 0;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      const right = child + 1;
      if (right < last && (this.keys[right] ?? 0) < (this.keys[child] ?? 0)) child = right;
      if ((this.keys[child] ?? 0) >= key) break;
      this.keys[i] = this.keys[child] ?? 0;
      this.items[i] = this.items[child] ?? 0;
      i = child;
    }
    this.keys[i] = key;
    this.items[i] = item;
    return top;
  }
}
