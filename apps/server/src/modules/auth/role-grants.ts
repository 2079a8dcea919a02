import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import { recordAudit } from '../admin';
import { findUserByEmail, setRoleGrantIn } from './repository';
import { effectiveRole } from './roles';
import { SESSION_REVOKED_CHANNEL } from './service';

/**
 * `npm run admin -- grant|revoke <email>`: sets the role directly and remembers the decision, which wins
 * over ADMIN_EMAILS from then on. Audited as done from the command line.
 */
export async function setRoleGrant(
  database: Database,
  config: Pick<Config, 'ADMIN_EMAILS'>,
  input: { email: string; grant: 'granted' | 'revoked'; now: Date },
): Promise<{ status: 'no-such-account' } | { status: 'done'; email: string; role: 'user' | 'admin'; changed: boolean }> {
  const db = database.db;
  const row = await findUserByEmail(db, input.email.trim());
  if (!row) return { status: 'no-such-account' };
  const role = effectiveRole(config, { ...row, roleGrant: input.grant });
  await db.transaction(async (tx) => {
    await setRoleGrantIn(tx, row.id, { roleGrant: input.grant, role });
    await recordAudit(tx, {
      at: input.now,
      actorId: null,
      actor: 'command line',
      action: input.grant === 'granted' ? 'role.grant' : 'role.revoke',
      targetType: 'user',
      targetId: row.id,
      targetLabel: row.email,
      details: { previousRole: row.role },
    });
  });
  // Running servers on PostgreSQL drop their cached sessions of this user at once (others within seconds).
  await database.notify(SESSION_REVOKED_CHANNEL, `user:${row.id}`);
  return { status: 'done', email: row.email, role, changed: role !== row.role };
}
