import type { CommentAnchor } from '@yumi/core';

/** A draft as the server takes it: where (relative positions, which survive others' edits), what it replaces, with what. */
export interface SuggestionPayload {
  anchor: CommentAnchor;
  quote: string;
  insert: string;
}

export interface SuggestionApi {
  create(p: SuggestionPayload): Promise<string>;
  revise(id: string, p: SuggestionPayload): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Typing pauses this long before the others see the suggestion grow (every keystroke would be a request). */
const SEND_AFTER_MS = 600;

/**
 * Sends my drafts as suggestion threads: the first send of a draft creates its thread, later ones revise it,
 * an emptied draft (all taken back) deletes it. Sends go one at a time, in order, so a revision never
 * overtakes the creation it revises.
 */
export class SuggestionSync {
  readonly #ids = new Map<number, string>();
  /** What each draft last said and has not been sent yet (null: emptied). */
  readonly #unsent = new Map<number, SuggestionPayload | null>();
  #timer: { key: number; handle: ReturnType<typeof setTimeout> } | null = null;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: SuggestionApi,
    private readonly onError: (err: Error) => void,
  ) {}

  /** The thread a draft became, once its creation has answered. */
  draftId(key: number): string | undefined {
    return this.#ids.get(key);
  }

  changed(key: number, payload: SuggestionPayload | null): void {
    this.#unsent.set(key, payload);
    if (this.#timer && this.#timer.key !== key) this.flush();
    if (this.#timer) clearTimeout(this.#timer.handle);
    this.#timer = { key, handle: setTimeout(() => this.flush(), SEND_AFTER_MS) };
  }

  /** Sends what waits now (the draft was left, suggestion mode turned off, the editor closed). */
  flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer.handle);
      this.#send(this.#timer.key);
      this.#timer = null;
    }
    return this.#queue;
  }

  #send(key: number): void {
    if (!this.#unsent.has(key)) return;
    const payload = this.#unsent.get(key)!;
    this.#unsent.delete(key);
    this.#queue = this.#queue
      .then(async () => {
        const id = this.#ids.get(key);
        if (payload === null) {
          if (id) await this.api.remove(id);
          this.#ids.delete(key);
        } else if (id) {
          await this.api.revise(id, payload);
        } else {
          this.#ids.set(key, await this.api.create(payload));
        }
      })
      .catch((err: Error) => {
        // Decided or deleted meanwhile: the next keystroke of this draft proposes it anew.
        this.#ids.delete(key);
        this.onError(err);
      });
  }
}
