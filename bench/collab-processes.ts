// The processes of the live co-editing benchmark (collab.bench.ts), each started by it with an IPC channel:
//   app      the app server (in-memory PGlite, a temp DATA_DIR); prints its URL; answers {op:'memory'} with
//            process.memoryUsage() after a full GC (run with --expose-gc), and {op:'accounts'} with signed-in
//            accounts made straight in its database. Nothing is added to the app for either.
//   echo     a bare `ws` WebSocketServer that echoes every binary frame; prints its URL.
//   editors  a host of standard @hocuspocus/provider clients, one socket each, driven over IPC: it types
//            when told to and records, for every keystroke another editor typed, when its Y.Doc applied it.
// Timestamps are process.hrtime (CLOCK_MONOTONIC, the same clock in every process of the machine), in ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type * as ws from 'ws';
import { COLLAB_TEXT_FIELD } from '../packages/core/src/collab';

/** A keystroke's character names it: keystroke k types KEY_BASE + k (CJK ideographs, one UTF-16 unit each). */
const KEY_BASE = 0x4e00;
/** The `ws` the collab server itself runs on (the server's own dependency; the root's is an older major). */
const { WebSocketServer } = createRequire(import.meta.resolve('../apps/server/src/app.ts'))('ws') as typeof ws;
const now = () => Number(process.hrtime.bigint()) / 1e6;

export type HostCommand =
  | { op: 'open'; id: number; url: string; echoUrl: string; editors: Array<{ index: number; documentId: string; token: string }> }
  | { op: 'type'; index: number; k: number }
  | { op: 'echo'; k: number }
  | { op: 'report'; id: number }
  | { op: 'drop'; id: number };
export type HostReply =
  | { id: number; op: 'opened' | 'dropped' }
  | { id: number; op: 'failed'; error: string }
  | {
      id: number;
      op: 'report';
      sent: Array<[k: number, at: number]>;
      got: Array<[k: number, index: number, at: number]>;
      echo: Array<[k: number, ms: number]>;
      /** Each editor's text as it stands, to check that they agree. */
      texts: string[];
    };

const send = (reply: HostReply) => process.send!(reply);

async function serveApp(): Promise<void> {
  // Only this role loads the app: the echo server and the editor hosts start in a fraction of the time.
  const [{ buildApp }, { testConfig }, { openDatabase }, { migrate }, { hashPassword }, { insertSession, insertUser }, { hashToken, newSessionToken }] = await Promise.all([
    import('../apps/server/src/app'),
    import('../apps/server/src/config'),
    import('../apps/server/src/db/connection'),
    import('../apps/server/src/db/migrate'),
    import('../apps/server/src/modules/auth'),
    import('../apps/server/src/modules/auth/repository'),
    import('../apps/server/src/modules/auth/tokens'),
  ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'yumi-bench-collab-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  // The bench's documents and shares come from one address in a burst.
  const config = testConfig({ DATA_DIR: dataDir, API_RATE_LIMIT_PER_MINUTE: '1000000000' });
  const app = await buildApp(config, { database, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (m: { op: 'memory' } | { op: 'accounts'; count: number }) => {
    if (m.op === 'memory') {
      // V8's most thorough collection (the one it runs before giving up on memory): repeated until nothing more is
      // freed, and it gives unused heap pages back, as the memory reducer would do later by itself.
      globalThis.gc!({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      process.send!(process.memoryUsage());
    } else {
      void accounts(m.count).then((list) => process.send!(list));
    }
  });
  /**
   * Users and their sessions as sign-up stores them (signup() in auth/service.ts), one password hash for all:
   * 50 sign-ups over the API are 50 scrypt hashes (N = 2^17), half a minute of a 2-core machine.
   */
  const accounts = async (count: number) => {
    const passwordHash = await hashPassword('secret123');
    const at = new Date();
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const email = `collab${i}@example.com`;
        const row = await insertUser(database.db, { email, username: `collab${i}`, passwordHash, role: 'user' });
        if (typeof row === 'string') throw new Error(`account ${email}: ${row}`);
        const token = newSessionToken();
        await insertSession(database.db, { userId: row.id, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + 86_400_000), userAgent: 'collab bench', lastSeenAt: at, ip: null });
        return { email, token };
      }),
    );
  };
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());
  console.log(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
}

function serveEcho(): void {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => {
    console.log(`ws://127.0.0.1:${(server.address() as { port: number }).port}`);
  });
  server.on('connection', (socket) => socket.on('message', (data: Buffer, isBinary) => socket.send(data, { binary: isBinary })));
  process.on('disconnect', () => process.exit(0));
}

interface Editor {
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  text: ReturnType<HocuspocusProvider['document']['getText']>;
}

function hostEditors(): void {
  const editors = new Map<number, Editor>();
  let echo: WebSocket | undefined;
  let sent: Array<[number, number]> = [];
  let got: Array<[number, number, number]> = [];
  let echoes: Array<[number, number]> = [];

  const connect = (url: string, index: number, documentId: string, token: string) =>
    new Promise<Editor>((resolve, reject) => {
      const socket = new HocuspocusProviderWebsocket({ url, maxAttempts: 1 });
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: documentId,
        token,
        onAuthenticationFailed: ({ reason }) => reject(new Error(`editor ${index} refused: ${reason}`)),
        onSynced: () => resolve(editor),
      });
      const text = provider.document.getText(COLLAB_TEXT_FIELD);
      const editor = { provider, socket, text };
      // Runs inside the transaction that applied a remote update: the moment this editor's document has it.
      text.observe((event) => {
        if (event.transaction.local) return;
        const at = now();
        for (const op of event.delta) {
          if (typeof op.insert !== 'string') continue;
          for (let i = 0; i < op.insert.length; i += 1) {
            const k = op.insert.charCodeAt(i) - KEY_BASE;
            if (k >= 0 && k < 0x5000) got.push([k, index, at]);
          }
        }
      });
      provider.attach();
      editors.set(index, editor);
    });

  const openEcho = (url: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.binaryType = 'arraybuffer';
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new Error(`echo socket ${url} failed`));
    });
  /** About the size of one keystroke's sync message. */
  const frame = new Uint8Array(32).fill(7);
  /** Echoes on their way, oldest first (a socket keeps their order): a slow one is waited for, never skipped. */
  const echoPending: Array<{ k: number; at: number }> = [];

  process.on('message', (m: HostCommand) => {
    switch (m.op) {
      case 'open':
        Promise.all([openEcho(m.echoUrl), ...m.editors.map((e) => connect(m.url, e.index, e.documentId, e.token))]).then(
          ([ws]) => {
            echo = ws;
            ws.onmessage = () => {
              const at = now();
              const pending = echoPending.shift();
              if (pending) echoes.push([pending.k, at - pending.at]);
            };
            send({ id: m.id, op: 'opened' });
          },
          (err: Error) => send({ id: m.id, op: 'failed', error: err.message }),
        );
        break;
      case 'type': {
        const editor = editors.get(m.index)!;
        const at = now();
        editor.text.insert(editor.text.length, String.fromCharCode(KEY_BASE + m.k));
        sent.push([m.k, at]);
        break;
      }
      case 'echo':
        if (echo) {
          echoPending.push({ k: m.k, at: now() });
          echo.send(frame);
        }
        break;
      case 'report':
        send({ id: m.id, op: 'report', sent, got, echo: echoes, texts: [...editors.values()].map((e) => e.text.toString()) });
        break;
      case 'drop':
        for (const e of editors.values()) {
          e.provider.destroy();
          e.socket.destroy();
        }
        editors.clear();
        echo?.close();
        echo = undefined;
        echoPending.length = 0;
        sent = [];
        got = [];
        echoes = [];
        send({ id: m.id, op: 'dropped' });
        break;
    }
  });
  process.on('disconnect', () => process.exit(0));
}

const role = process.argv[2];
if (role === 'app') await serveApp();
else if (role === 'echo') serveEcho();
else if (role === 'editors') hostEditors();
else {
  console.error('usage: collab-processes.ts app | echo | editors (started by collab.bench.ts, with IPC)');
  process.exit(2);
}
