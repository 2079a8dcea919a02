import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { recordAudit } from '../admin';
import * as repo from './repository';

type Role = 'user' | 'admin';

/**
 * The one rule for the admin role: a command-line grant or revoke wins; otherwise ADMIN_EMAILS (any letter
 * case) makes an admin, but only of an account that has proven it owns the address.
 */
export function effectiveRole(config: Pick<Config, 'ADMIN_EMAILS'>, row: Pick<repo.UserRow, 'email' | 'emailVerifiedAt' | 'roleGrant'>): Role {
  if (row.roleGrant) return row.roleGrant === 'granted' ? 'admin' : 'user';
  return row.emailVerifiedAt && config.ADMIN_EMAILS.includes(row.email.toLowerCase()) ? 'admin' : 'user';
}

/**
 * Brings the stored role in line with the rule (after sign-in, verification or a change of address), and
 * audits the change as ADMIN_EMAILS's doing. Answers whether it changed (the caller forgets cached sessions).
 */
export async function syncRole(deps: { config: Config; db: Db; now: Date }, row: repo.UserRow): Promise<boolean> {
  const role = effectiveRole(deps.config, row);
  if (role === row.role) return false;
  await deps.db.transaction(async (tx) => {
    await repo.setUserRole(tx, row.id, role);
    await recordAudit(tx, {
      at: deps.now,
      actorId: null,
      actor: 'ADMIN_EMAILS',
      action: role === 'admin' ? 'role.grant' : 'role.revoke',
      targetType: 'user',
      targetId: row.id,
      targetLabel: row.email,
      details: { reason: role === 'admin' ? 'verified address listed in ADMIN_EMAILS' : 'address not verified or no longer listed' },
    });
  });
  row.role = role;
  return true;
}
