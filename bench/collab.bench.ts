// Live co-editing (issue 32) at GET /api/collab: keystroke-to-remote-render latency with 2, 10 and 50 editors on
// one document, beside a bare WebSocket echo measured in the same run; and the server's heap per open document.
// Budgets (the issue): p99 < 100 ms with 10 editors; every keystroke reaches the others within 300 ms on loopback.
//
// Processes (collab-processes.ts), as deployed: the app server in its own process; a `ws` echo server in its
// own; the editors (standard @hocuspocus/provider clients, one socket and one user each) spread over two host
// processes; this process only paces the typing and collects the timestamps (CLOCK_MONOTONIC, shared by all
// processes). A keystroke's latency is from the typist's Y.Text insert until another editor's Y.Doc applied
// it (its 'content' observer ran), one sample per receiver. The receivers share two processes instead of
// having a machine each: with 50 editors, the ~25 documents of a host apply each keystroke one after another,
// so the later receivers' samples include their neighbours' CPU (and all of it competes with the server for
// the machine's cores). The figures are thus an upper bound of what one remote user sees. In the tail: while
// typing goes on, the server stores the document every 5 s (Hocuspocus maxDebounce; PGlite runs in its
// process), which holds back the keystroke or two arriving meanwhile by some 10-40 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { HostCommand, HostReply } from './collab-processes';
import { text as prose } from './prose';
import type { BenchResult } from './types';

const HOSTS = 2;
const WARMUP = 30;
/** Keystrokes measured per editor count: enough receiver samples for a stable p99. */
const SCENARIOS = [
  { editors: 2, keystrokes: 300, budget: 300 },
  { editors: 10, keystrokes: 300, budget: 100 },
  { editors: 50, keystrokes: 150, budget: 300 },
];
const USERS = Math.max(...SCENARIOS.map((s) => s.editors));
/** Documents open at once for the memory figure, each with one client and about 5 KB of text. */
const MEMORY_DOCS = 50;
const MEMORY_TEXT_CHARS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Nearest-rank percentile. */
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
};

/** Starts one role of collab-processes.ts with an IPC channel; `ready` answers the URL it prints. */
function start(role: string, nodeArgs: string[] = []): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/collab-processes.ts', role], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const ready = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`collab-processes.ts ${role} exited with ${code}`)));
    if (role === 'editors') child.once('spawn', () => resolve(''));
    else createInterface({ input: child.stdout! }).on('line', (line) => /^(http|ws):\/\//.test(line) && resolve(line.trim()));
  });
  return { child, ready };
}

/** Stops the processes, and kills any still there after 5 s (the app stores its open documents first). */
async function stop(children: ChildProcess[]): Promise<void> {
  const gone = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', r)));
  for (const c of children) c.kill('SIGINT');
  await Promise.race([Promise.all(children.map(gone)), sleep(5_000)]);
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** An editors host: fire-and-forget commands, and requests answered by id. */
class Host {
  #next = 0;
  readonly #waiting = new Map<number, (reply: HostReply) => void>();
  constructor(readonly child: ChildProcess) {
    child.on('message', (reply: HostReply) => {
      this.#waiting.get(reply.id)?.(reply);
      this.#waiting.delete(reply.id);
    });
    child.once('exit', (code) => {
      for (const answer of this.#waiting.values()) answer({ id: 0, op: 'failed', error: `an editors host exited with ${code}` });
    });
  }
  tell(command: Extract<HostCommand, { op: 'type' | 'echo' }>): void {
    this.child.send(command);
  }
  ask<R extends HostReply>(command: { op: 'open' | 'report' | 'drop' } & Record<string, unknown>): Promise<R> {
    const id = (this.#next += 1);
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, (reply) => (reply.op === 'failed' ? reject(new Error(reply.error)) : resolve(reply as R)));
      this.child.send({ ...command, id });
    });
  }
}
type Report = Extract<HostReply, { op: 'report' }>;

export default async function run(): Promise<BenchResult[]> {
  const started = Date.now();
  const app = start('app', ['--expose-gc']);
  const echo = start('echo');
  const editorHosts = Array.from({ length: HOSTS }, () => start('editors'));
  try {
    const [base = '', echoUrl = ''] = await Promise.all([app.ready, echo.ready, ...editorHosts.map((h) => h.ready)]);
    process.stdout.write(`  app, echo and ${HOSTS} editor hosts up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    const hosts = editorHosts.map((h) => new Host(h.child));
    const collabUrl = `${base.replace('http', 'ws')}/api/collab`;
    const api = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    /** The app process's answer to one request (they are made one at a time). */
    const askApp = <T>(request: { op: 'accounts'; count: number } | { op: 'memory' }) =>
      new Promise<T>((resolve, reject) => {
        const died = (code: number | null) => reject(new Error(`the app process exited with ${code}`));
        app.child.once('exit', died);
        app.child.once('message', (answer: T) => {
          app.child.off('exit', died);
          resolve(answer);
        });
        app.child.send(request);
      });
    // One user per editor (the server allows a user 20 connections), signed in (collab-processes.ts app).
    const users = await askApp<Array<{ email: string; token: string }>>({ op: 'accounts', count: USERS });
    const createDocument = async (owner: { token: string }, content: string) =>
      (await api<{ id: string }>('/api/documents', { kind: 'report', title: 'Bench', content }, owner.token)).id;
    const memory = () => askApp<NodeJS.MemoryUsage>({ op: 'memory' });
    const openAll = (editors: Array<{ index: number; documentId: string; token: string }>) =>
      Promise.all(hosts.map((h, i) => h.ask({ op: 'open', url: collabUrl, echoUrl, editors: editors.filter((e) => e.index % HOSTS === i) })));
    const dropAll = () => Promise.all(hosts.map((h) => h.ask({ op: 'drop' })));

    const results: BenchResult[] = [];
    /** One document, `n` editors typing `WARMUP + keystrokes` keystrokes; the samples past the warm-up. */
    const session = async (n: number, keystrokes: number) => {
      const owner = users[0]!;
      const documentId = await createDocument(owner, prose(n, 300));
      for (const member of users.slice(1, n)) await api('/api/documents/' + documentId + '/shares', { email: member.email, role: 'editor' }, owner.token);
      await openAll(users.slice(0, n).map((u, index) => ({ index, documentId, token: u.token })));
      await sleep(300);

      // One editor types at a time, every 20–30 ms, the typist rotating; an echo round trip half-way between
      // keystrokes, from the hosts' own echo sockets, so the baseline meets the same load as the keystrokes.
      const total = WARMUP + keystrokes;
      for (let k = 0; k < total; k += 1) {
        const interval = 20 + Math.random() * 10;
        hosts[(k % n) % HOSTS]!.tell({ op: 'type', index: k % n, k });
        await sleep(interval / 2);
        hosts[k % HOSTS]!.tell({ op: 'echo', k });
        await sleep(interval / 2);
      }
      // Every keystroke must reach every other editor, and every echo come back; wait for the last ones.
      const expected = total * (n - 1);
      let reports: Report[] = [];
      for (let waited = 0; ; waited += 100) {
        reports = await Promise.all(hosts.map((h) => h.ask<Report>({ op: 'report' })));
        const arrived = reports.reduce((sum, r) => sum + r.got.length, 0);
        const echoed = reports.reduce((sum, r) => sum + r.echo.length, 0);
        if (arrived >= expected && echoed >= total) break;
        if (waited > 10_000) throw new Error(`${n} editors: ${arrived} of ${expected} keystroke arrivals, ${echoed} of ${total} echoes after 10 s`);
        await sleep(100);
      }
      await dropAll();
      const texts = new Set(reports.flatMap((r) => r.texts));
      if (texts.size !== 1) throw new Error(`${n} editors: their texts differ at the end (${texts.size} versions)`);

      const sentAt = new Map(reports.flatMap((r) => r.sent));
      const latencies: number[] = [];
      const slowest = new Map<number, number>();
      for (const [k, , at] of reports.flatMap((r) => r.got)) {
        if (k < WARMUP) continue;
        const ms = at - sentAt.get(k)!;
        latencies.push(ms);
        slowest.set(k, Math.max(slowest.get(k) ?? 0, ms));
      }
      const echoes = reports.flatMap((r) => r.echo).filter(([k]) => k >= WARMUP).map(([, ms]) => ms);
      if (latencies.length !== keystrokes * (n - 1)) throw new Error(`${n} editors: ${latencies.length} samples, expected ${keystrokes * (n - 1)}`);
      return { latencies, echoes, slowest: Math.max(...slowest.values()) };
    };

    // Unmeasured: the first edits and the first store of a live document (on its unload here) load and compile
    // code that would otherwise land in the first scenario's tail. Then one thorough collection in the server:
    // the heap it committed while starting (~220 MB) is otherwise given back by V8's memory reducer some seconds
    // later, in one ~100-150 ms pause, inside whichever scenario runs then (seen with --trace-gc). A server that
    // has been up a while has had that pause already.
    await session(2, 60);
    await memory();
    await sleep(500);
    for (const { editors: n, keystrokes, budget } of SCENARIOS) {
      const { latencies, echoes, slowest } = await session(n, keystrokes);
      process.stdout.write(
        `  ${n} editors: ${keystrokes} keystrokes, ${latencies.length} receiver samples, slowest keystroke to reach all ${slowest.toFixed(1)} ms; ${echoes.length} echoes\n`,
      );
      const label = `keystroke to remote render, ${n} editors`;
      results.push(
        { name: `${label} p50`, value: percentile(latencies, 0.5), unit: 'ms', baseline: { name: 'bare WebSocket echo p50', value: percentile(echoes, 0.5) } },
        { name: `${label} p99`, value: percentile(latencies, 0.99), unit: 'ms', baseline: { name: 'bare WebSocket echo p99', value: percentile(echoes, 0.99) }, budget: { max: budget } },
      );
    }
    // Memory, after the typing (so its forced collections pause nothing measured). Each of MEMORY_DOCS documents
    // (user j owns document j) is opened by one client; the figure is the heap (after a full GC) it adds per
    // document, beside what each leaves behind once all are closed again (Hocuspocus unloads a document when its
    // last client leaves): the difference is what an open document holds, and a baseline above zero would be a
    // leak. The same users first open and close as many other documents, so what stays per user (a session
    // looked up, code compiled on first use) is already in the `before` figure, not counted as documents.
    const memoryText = (seed: number) => prose(seed, 1_200).slice(0, MEMORY_TEXT_CHARS);
    const warmDocs = await Promise.all(users.slice(0, MEMORY_DOCS).map((u, j) => createDocument(u, memoryText(1_000 + j))));
    const memDocs = await Promise.all(users.slice(0, MEMORY_DOCS).map((u, j) => createDocument(u, memoryText(j))));
    await openAll(warmDocs.map((documentId, j) => ({ index: j, documentId, token: users[j]!.token })));
    await dropAll();
    await sleep(1_000);
    const before = await memory();
    await openAll(memDocs.map((documentId, j) => ({ index: j, documentId, token: users[j]!.token })));
    await sleep(500);
    const opened = await memory();
    await dropAll();
    await sleep(1_000);
    const closed = await memory();
    const perDocKb = (m: NodeJS.MemoryUsage) => (m.heapUsed - before.heapUsed) / MEMORY_DOCS / 1024;
    process.stdout.write(
      `  server heapUsed after GC: ${(before.heapUsed / 2 ** 20).toFixed(1)} MB before, ${(opened.heapUsed / 2 ** 20).toFixed(1)} MB with ${MEMORY_DOCS} open, ${(closed.heapUsed / 2 ** 20).toFixed(1)} MB after closing\n`,
    );

    results.push({
      name: `server heap per open document (${MEMORY_DOCS} × 5 KB text, 1 client each)`,
      value: perDocKb(opened),
      unit: 'KB',
      baseline: { name: 'left per document after all closed', value: perDocKb(closed) },
    });
    return results;
  } finally {
    await stop([app.child, echo.child, ...editorHosts.map((h) => h.child)]);
  }
}
