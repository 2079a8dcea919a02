// Run by kill-reservation.test.ts in its own process: a paid chat streams from a slow fake provider, and
// once its first words arrive (the timeshards are reserved) the process SIGKILLs itself, as `kill -9` would.
// Prints {token, userId} first so the parent can carry on after the crash.
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { grant } from '../src/modules/billing/ledger';
import { FakeLlm, fakeProviderConfig } from './fake-llm';

const fake = await new FakeLlm().start();
fake.reset({ kind: 'ok', delayMs: 200, words: Array.from({ length: 200 }, (_, i) => `word${i}`) });
const database = await openDatabase({ databaseUrl: process.env.KILL_DATABASE_URL, dataDir: process.env.KILL_DATA_DIR ?? 'unused' });
await migrate(database);
const app = await buildApp(testConfig({ ...fakeProviderConfig(fake), DATA_DIR: process.env.KILL_DATA_DIR ?? '/tmp' }), { database, serveWeb: false });
const tag = `kres${Date.now()}`;
const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `${tag}@example.com`, username: tag, password: 'secret123' } });
const { token, user } = signup.json() as { token: string; user: { id: string } };
await grant({ db: database.db, clock: { now: () => new Date() } } as unknown as AppContext, { userId: user.id, amount: 1_000_000, reason: 'test', sourceType: 'test', sourceId: tag });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ token, userId: user.id })}\n`);
const res = await fetch(`${address}/api/chat`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
  body: JSON.stringify({ message: 'Tell me a long story', context: { provider: 'openai', model: 'gpt-4', personality: 'genki', mode: 'main' } }),
});
const reader = res.body!.getReader();
await reader.read(); // mid-stream: reserved, not settled
process.kill(process.pid, 'SIGKILL');
