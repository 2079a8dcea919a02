// Run by kill-fulfilment.test.ts in its own process: starts the app on the given database, buys a package
// through the TEST MODE checkout, and SIGKILLs itself in the middle of fulfilment (after the credit is
// written, before COMMIT). Prints {token, purchaseId} first so the parent can carry on after the crash.
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { fulfilmentFaults } from '../src/modules/billing/fulfilment';

const database = await openDatabase({ databaseUrl: process.env.KILL_DATABASE_URL, dataDir: process.env.KILL_DATA_DIR ?? 'unused' });
await migrate(database);
const app = await buildApp(testConfig({ DATA_DIR: process.env.KILL_DATA_DIR ?? '/tmp' }), { database, serveWeb: false });
const signup = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: { email: `kill${Date.now()}@example.com`, username: `kill${Date.now()}`, password: 'secret123' },
});
const { token } = signup.json() as { token: string };
const checkout = await app.inject({ method: 'POST', url: '/api/billing/checkout/stripe', headers: { authorization: `Bearer ${token}` }, payload: { packageId: 'pro' } });
const { purchaseId } = checkout.json() as { purchaseId: string };
process.stdout.write(`${JSON.stringify({ token, purchaseId })}\n`);
fulfilmentFaults.beforeCommit = () => {
  process.kill(process.pid, 'SIGKILL');
  return new Promise<void>(() => undefined);
};
await app.inject({ method: 'POST', url: `/api/billing/test-checkout/${purchaseId}`, headers: { authorization: `Bearer ${token}` }, payload: { action: 'pay' } });
process.stdout.write('not killed\n');
