import type { Redis } from '@hocuspocus/extension-redis';
import { Hocuspocus, isTransactionOrigin, type Connection } from '@hocuspocus/server';
import { COLLAB_TEXT_FIELD, roleAllows, type CollabNotice, type DocumentRole } from '@yumi/core';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import * as Y from 'yjs';
import type { AppContext } from '../../context';
import { userForToken } from '../auth';
import { ACCESS_CHANGED_CHANNEL, COMMENTS_CHANGED_CHANNEL, documentRole, documentText, storeLiveText } from '../documents';
import { recordEdit } from '../history';
import { MAX_CONNECTIONS_PER_USER, MAX_FRAME_BYTES, MessageRate, wouldPassCap } from './bounds';
import { CLOSE, refusal } from './close-codes';
import { ProcessRelay, RELAYED } from './process-relay';
import { redisRelay } from './redis-relay';
import { lockState, saveState } from './repository';
import { replaceText } from './text-diff';

/** How long a connection's role is trusted before an update checks it again (a revoked share, in any process). */
const ROLE_RECHECK_MS = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A change from another process, by either relay (both use Hocuspocus's Redis origin). */
const relayed = (origin: unknown) => isTransactionOrigin(origin) && origin.source === RELAYED.source;

interface LiveContext {
  userId: string;
  name: string;
  role: DocumentRole;
  checkedAt: number;
  rate: MessageRate;
}

/**
 * Live co-editing (issue 32): Hocuspocus on the Fastify server's `upgrade` at /api/collab. A document's name
 * is its id, the token the user's session token; a viewer or commenter connects read-only (Hocuspocus drops
 * their text updates), and every update checks the role again at most every ROLE_RECHECK_MS.
 */
export class LiveDocuments {
  readonly hocuspocus: Hocuspocus<LiveContext>;
  readonly #sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  readonly #perUser = new Map<string, number>();
  /** Per open document, who sent text since its last store. */
  readonly #editors = new Map<string, Set<string>>();
  /** Several processes can share a PostgreSQL; PGlite is one process, with nobody to tell. */
  readonly #shared: boolean;
  /** How the processes tell each other: Redis when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY. */
  readonly #redis: Redis | null;
  readonly #relay: ProcessRelay | null;

  constructor(private readonly ctx: AppContext) {
    this.#shared = ctx.database.kind === 'postgres';
    this.#redis = ctx.config.REDIS_URL ? redisRelay(ctx, ctx.config.REDIS_URL) : null;
    this.hocuspocus = new Hocuspocus<LiveContext>({
      name: 'yumi',
      extensions: this.#redis ? [this.#redis] : [],
      quiet: true,
      debounce: 1_000,
      maxDebounce: 5_000,
      onAuthenticate: async ({ token, documentName, connectionConfig }) => {
        if (!UUID.test(documentName)) throw refusal(CLOSE.noAccess);
        const user = await userForToken(ctx, token);
        if (!user) throw refusal(CLOSE.signedOut);
        const role = await documentRole(ctx.db, user.id, documentName);
        if (!role) throw refusal(CLOSE.noAccess);
        if ((this.#perUser.get(user.id) ?? 0) >= MAX_CONNECTIONS_PER_USER) throw refusal(CLOSE.tooManyConnections);
        connectionConfig.readOnly = !roleAllows(role, 'editor');
        const now = Date.now();
        return { userId: user.id, name: user.username, role, checkedAt: now, rate: new MessageRate(now) } satisfies LiveContext;
      },
      connected: async ({ context }) => {
        this.#perUser.set(context.userId, (this.#perUser.get(context.userId) ?? 0) + 1);
        ctx.metrics.socketOpened();
      },
      onDisconnect: async ({ context }) => {
        if (!context?.userId) return;
        const left = (this.#perUser.get(context.userId) ?? 1) - 1;
        if (left > 0) this.#perUser.set(context.userId, left);
        else this.#perUser.delete(context.userId);
        ctx.metrics.socketClosed();
      },
      beforeHandleMessage: async ({ context, connection, documentName }) => {
        const now = Date.now();
        if (!context.rate.take(now)) throw refusal(CLOSE.tooFast);
        if (now - context.checkedAt > ROLE_RECHECK_MS) await this.#recheck(connection, documentName, now);
      },
      beforeSync: async ({ type, payload, document, connection }) => {
        // Sync step 2 and updates carry text; a read-only connection's are dropped by Hocuspocus anyway.
        if (type === 0 || connection.readOnly) return;
        if (wouldPassCap(document.getText(COLLAB_TEXT_FIELD).length, payload)) throw refusal(CLOSE.tooLarge);
      },
      onLoadDocument: async ({ document, documentName }) => {
        // Under the document's lock, which every store takes too: the state and the text read belong together,
        // and a text turned into Yjs here is stored before any other process can load it and turn it again
        // (two conversions of one text would be two different insertions, and the text would read twice).
        await ctx.db.transaction(async (tx) => {
          const state = await lockState(tx, documentName);
          const text = await documentText(tx, documentName);
          if (state) Y.applyUpdate(document, state);
          // The first live edit starts from the stored text; later, a text saved over REST while nobody had
          // the document open (an older client, an offline save) joins the live document as one edit.
          const ytext = document.getText(COLLAB_TEXT_FIELD);
          if (text === null || text === ytext.toString()) return;
          replaceText(ytext, text);
          await saveState(tx, documentName, Y.encodeStateAsUpdate(document), ctx.clock.now());
        });
        return document;
      },
      afterLoadDocument: async ({ document }) => this.#relay?.hello(document),
      afterUnloadDocument: async ({ documentName }) => void this.#editors.delete(documentName),
      onChange: async ({ documentName, update, transactionOrigin, connection }) => {
        if (relayed(transactionOrigin)) return;
        this.#relay?.update(documentName, update);
        if (connection) this.#noteEditor(documentName, connection.context.userId);
      },
      onAwarenessUpdate: async ({ document, added, updated, removed, transactionOrigin }) => {
        if (!relayed(transactionOrigin)) this.#relay?.awareness(document, [...added, ...updated, ...removed]);
      },
      onStoreDocument: async ({ document, documentName }) => {
        const now = ctx.clock.now();
        const { previous, content } = await ctx.db.transaction(async (tx) => {
          // With other processes, what they stored joins this copy first (a relayed change lost while
          // PostgreSQL was away comes back this way), so the stored state only ever grows.
          const stored = await lockState(tx, documentName);
          // One process (PGlite) stored nothing this copy lacks: no need to decode the state again.
          if (stored && this.#shared) Y.applyUpdate(document, stored, RELAYED);
          // The text is read after that merge, so the stored text and state always say the same.
          const text = document.getText(COLLAB_TEXT_FIELD).toString();
          const before = await documentText(tx, documentName);
          await saveState(tx, documentName, Y.encodeStateAsUpdate(document), now);
          await storeLiveText(tx, documentName, text, now);
          return { previous: before, content: text };
        });
        // Who typed since the last store, for the history's automatic versions (its own lock, after ours).
        const userIds = [...(this.#editors.get(documentName) ?? [])];
        this.#editors.delete(documentName);
        if (previous === null || previous === content) return;
        // The text is stored; a version not taken must not keep the document in memory as unsaved.
        await recordEdit(ctx.db, { documentId: documentName, userIds, content, previous, now }).catch((err: Error) =>
          ctx.log.warn({ err: err.message, documentId: documentName }, 'document version not recorded'),
        );
      },
    });
    this.#relay = this.#shared && !this.#redis ? new ProcessRelay(ctx, this.hocuspocus) : null;
  }

  /** Wires the WebSocket upgrade of /api/collab (every other upgrade is refused). */
  async attach(server: { on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown }): Promise<void> {
    server.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/api/collab') {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.#sockets.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, req));
    });
    await this.ctx.database.listen(ACCESS_CHANGED_CHANNEL, (payload) => void this.#onAccessChanged(payload));
    await this.ctx.database.listen(COMMENTS_CHANGED_CHANNEL, (documentId) => this.#onCommentsChanged(documentId));
    await this.#relay?.start();
  }

  #accept(ws: WebSocket, req: IncomingMessage): void {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const client = this.hocuspocus.handleConnection(ws, new Request(new URL(req.url ?? '/', 'http://localhost'), { headers }));
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return ws.close(CLOSE.malformed.code, CLOSE.malformed.reason);
      client.handleMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    });
    ws.on('close', (code, reason) => client.handleClose({ code, reason: reason.toString() }));
    ws.on('error', (err) => this.ctx.log.warn({ err: err.message }, 'live document socket error'));
  }

  #noteEditor(documentId: string, userId: string): void {
    this.#editors.set(documentId, (this.#editors.get(documentId) ?? new Set()).add(userId));
  }

  /** Looks the role up again: gone closes the connection, lowered makes it read-only. */
  async #recheck(connection: Connection<LiveContext>, documentName: string, now: number): Promise<void> {
    const role = await documentRole(this.ctx.db, connection.context.userId, documentName);
    connection.context.checkedAt = now;
    if (!role) throw refusal(CLOSE.accessRemoved);
    if (role === connection.context.role) return;
    connection.context.role = role;
    connection.readOnly = !roleAllows(role, 'editor');
    // The editor turns read-only (or writable) at once and says so, instead of silently dropping keystrokes.
    connection.sendStateless(JSON.stringify({ type: 'role', role } satisfies CollabNotice));
  }

  async #onAccessChanged(payload: string): Promise<void> {
    const [documentId, userId] = payload.split(':');
    const document = documentId ? this.hocuspocus.documents.get(documentId) : undefined;
    if (!document) return;
    for (const connection of document.getConnections() as Connection<LiveContext>[]) {
      if (connection.context.userId !== userId) continue;
      try {
        await this.#recheck(connection, documentId!, Date.now());
      } catch (refused) {
        connection.close(refused as { code: number; reason: string });
      }
    }
  }

  /** Every editor of the document open here reloads its comment threads (the REST API has the threads themselves). */
  #onCommentsChanged(documentId: string): void {
    const document = this.hocuspocus.documents.get(documentId);
    if (!document) return;
    const notice = JSON.stringify({ type: 'comments' } satisfies CollabNotice);
    for (const connection of document.getConnections()) connection.sendStateless(notice);
  }

  /**
   * Runs `change` on a document's live text in one transaction, one edit that every open editor receives, and
   * stores it at once: the derived text is current when this returns, whether or not anyone had it open.
   * Should `change` throw, the error comes back here (after the store) and what it did before stays.
   * `by` (a suggestion's author and who accepted it, say) count among the edit's authors in the history.
   */
  async edit(documentId: string, change: (text: Y.Text) => void, by: string[] = []): Promise<void> {
    const connection = await this.hocuspocus.openDirectConnection(documentId);
    for (const userId of by) this.#noteEditor(documentId, userId);
    try {
      await connection.transact((document) => change(document.getText(COLLAB_TEXT_FIELD)));
    } finally {
      await connection.disconnect();
    }
  }

  /** Makes a document read `text` as one edit (a restored version, say), stored at once. */
  async replaceText(documentId: string, text: string): Promise<void> {
    await this.edit(documentId, (ytext) => replaceText(ytext, text));
  }

  /** Stores a document open here now instead of at the end of its debounce (a version named just after a keystroke). */
  async flush(documentId: string): Promise<void> {
    if (!this.hocuspocus.documents.has(documentId)) return;
    const connection = await this.hocuspocus.openDirectConnection(documentId);
    await connection.disconnect(); // stores at once (and unloads the document if nobody has it open)
  }

  /** How many documents are open live here (the sizing figure in docs/operations.md). */
  openDocuments(): number {
    return this.hocuspocus.getDocumentsCount();
  }

  async close(): Promise<void> {
    this.hocuspocus.closeConnections();
    // Stores what is pending before the database closes.
    await Promise.all([...this.hocuspocus.documents.values()].map((d) => this.hocuspocus.unloadDocument(d)));
    // Open sockets would hold the HTTP server's close until their clients leave.
    for (const ws of this.#sockets.clients) ws.terminate();
    this.#sockets.close();
    await this.#redis?.onDestroy();
  }
}
