// The two servers of the chat benchmark, each in its own process as they would be deployed: the fake
// provider (`fake`) and the app pointed at it (`app <fake url>`). Each prints its URL on stdout.
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { FakeLlm, fakeProviderConfig } from '../apps/server/test/fake-llm';

const [role, fakeUrl] = process.argv.slice(2);
if (role === 'fake') {
  const fake = await new FakeLlm().start();
  // The bench sends hundreds of requests; the fake need not remember them.
  fake.requests = { push: () => 0 } as unknown as FakeLlm['requests'];
  console.log(fake.url);
} else if (role === 'app' && fakeUrl) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const config = testConfig({ ...fakeProviderConfig({ url: fakeUrl } as FakeLlm), AI_RATE_LIMIT_PER_MINUTE: '1000000000' });
  const app = await buildApp(config, { database, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
} else {
  console.error('usage: chat-processes.ts fake | app <fake url>');
  process.exit(2);
}
process.on('SIGINT', () => process.exit(0));
