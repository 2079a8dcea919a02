/**
 * Operator command: make an account an admin or take the role away, whatever ADMIN_EMAILS says.
 *   npm run admin -- grant <email>
 *   npm run admin -- revoke <email>
 * Uses the same DATABASE_URL / DATA_DIR as the server (with the embedded database, stop the server first:
 * PGlite's files belong to one process). Running servers pick the change up at once on PostgreSQL, within seconds on PGlite (session cache).
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { setRoleGrant } from './role-grants';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const result = await setRoleGrant(database, config, { email, grant: command === 'grant' ? 'granted' : 'revoked', now: new Date() });
  if (result.status === 'no-such-account') {
    console.error(`No account with the email ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${result.email} is ${result.role === 'admin' ? 'an admin' : 'not an admin'}${result.changed ? '' : ' (unchanged)'}; recorded in the audit log.`);
  }
} finally {
  await database.close();
}
