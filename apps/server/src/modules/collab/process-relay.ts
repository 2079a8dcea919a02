import { randomUUID } from 'node:crypto';
import type { Document, Hocuspocus } from '@hocuspocus/server';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { AppContext } from '../../context';
import { parkedUpdate, parkUpdate } from './repository';

/**
 * Hocuspocus's origin for a change from another process: it broadcasts the change to this process's
 * connections and skips the store hooks (the process where the change was made stores it).
 */
export const RELAYED = { source: 'redis' } as const;

const CHANNEL = 'collab_relay';
/** Larger payloads are parked in collab_relay: base64 of 5000 bytes plus the header stays under NOTIFY's 8000. */
const INLINE_BYTES = 5_000;
const KINDS = { u: 'update', a: 'awareness', h: 'hello' } as const;
type Kind = keyof typeof KINDS;

/**
 * Keeps a live document the same on every server process that has it open, through PostgreSQL LISTEN/NOTIFY
 * (what Hocuspocus's Redis extension does over Redis): each Yjs update and awareness change made here is
 * announced, and a process that opens a document says hello with its state vector, so those that already
 * have it send what it lacks (changes not stored yet) and their collaborators' cursors.
 */
export class ProcessRelay {
  readonly #origin = randomUUID();

  constructor(
    private readonly ctx: AppContext,
    private readonly hocuspocus: Hocuspocus,
  ) {}

  async start(): Promise<void> {
    await this.ctx.database.listen(CHANNEL, (message) => void this.#receive(message).catch((err: Error) => this.#warn(err)));
  }

  update(documentName: string, update: Uint8Array): void {
    void this.#publish('u', documentName, update);
  }

  awareness(document: Document, clients: number[]): void {
    if (clients.length > 0) void this.#publish('a', document.name, encodeAwarenessUpdate(document.awareness, clients));
  }

  hello(document: Document): void {
    void this.#publish('h', document.name, Y.encodeStateVector(document));
  }

  async #publish(kind: Kind, documentName: string, bytes: Uint8Array): Promise<void> {
    try {
      const body = bytes.byteLength <= INLINE_BYTES ? `i${Buffer.from(bytes).toString('base64')}` : `t${await parkUpdate(this.ctx.db, documentName, bytes)}`;
      await this.ctx.database.notify(CHANNEL, `${this.#origin} ${kind} ${documentName} ${body}`);
    } catch (err) {
      // PostgreSQL away: the change is still stored by this process, and every other one merges the stored
      // state into its copy on its next store (see LiveDocuments), so nothing is lost, only late.
      this.#warn(err as Error);
    }
  }

  async #receive(message: string): Promise<void> {
    const [origin, kind, documentName, body] = message.split(' ');
    if (origin === this.#origin || !documentName || !body || !(kind! in KINDS)) return;
    const document = this.hocuspocus.documents.get(documentName) ?? (await this.hocuspocus.loadingDocuments.get(documentName));
    if (!document) return;
    const bytes = body.startsWith('i') ? Buffer.from(body.slice(1), 'base64') : await parkedUpdate(this.ctx.db, Number(body.slice(1)));
    if (!bytes) return;
    if (kind === 'u') Y.applyUpdate(document, bytes, RELAYED);
    else if (kind === 'a') applyAwarenessUpdate(document.awareness, bytes, RELAYED);
    else this.#answerHello(document, bytes);
  }

  #answerHello(document: Document, stateVector: Uint8Array): void {
    const missing = Y.encodeStateAsUpdate(document, stateVector);
    // An update with no structs and no deletions encodes as two zero bytes.
    if (missing.byteLength > 2) this.update(document.name, missing);
    this.awareness(document, [...document.awareness.getStates().keys()]);
  }

  #warn(err: Error): void {
    this.ctx.log.warn({ err: err.message }, 'live document relay failed');
  }
}
