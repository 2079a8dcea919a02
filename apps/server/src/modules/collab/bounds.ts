import { MAX_DOCUMENT_CHARS } from '@yumi/core';
import * as Y from 'yjs';

/** The largest WebSocket frame accepted (a whole 500,000-character document in one first sync fits). */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** Open live documents per user in one process (tabs, devices): more is refused, not queued. */
export const MAX_CONNECTIONS_PER_USER = 20;
/** Messages per connection: a sustained rate and a burst (typing with cursors sends tens a second). */
const MESSAGE_RATE_PER_SECOND = 100;
const MESSAGE_BURST = 400;

/** A token bucket per connection: false when this message is past the rate. */
export class MessageRate {
  #tokens = MESSAGE_BURST;
  #at: number;
  constructor(now: number) {
    this.#at = now;
  }
  take(now: number): boolean {
    this.#tokens = Math.min(MESSAGE_BURST, this.#tokens + ((now - this.#at) / 1000) * MESSAGE_RATE_PER_SECOND);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/**
 * At most how many characters an update inserts: every string item it carries, counted in full (an update
 * that also deletes is counted as if it did not, so the bound errs on the side of refusing). A malformed
 * update throws here, before the document sees it.
 */
function insertedCharacters(update: Uint8Array): number {
  let inserted = 0;
  for (const struct of Y.decodeUpdate(update).structs) {
    if (struct instanceof Y.Item && struct.content instanceof Y.ContentString) inserted += struct.content.str.length;
  }
  return inserted;
}

/** Whether applying the update could take the text past the document cap. */
export function wouldPassCap(currentLength: number, update: Uint8Array): boolean {
  return currentLength + insertedCharacters(update) > MAX_DOCUMENT_CHARS;
}
