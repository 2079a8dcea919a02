import type { AdminAuditAction, AdminAuditEntry, AdminAuditResponse } from '@yumi/core';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { adminAudit } from '../../db/schema';

/** A Db or an open transaction: an admin action's entry is written in the same transaction as the action. */
type Writer = Pick<Db, 'insert'>;

export interface AuditEntryInput {
  at: Date;
  actorId: string | null;
  /** The admin's email, or how a role changed ('command line', 'ADMIN_EMAILS'). */
  actor: string;
  action: AdminAuditAction;
  targetType: 'user' | 'artwork' | 'connection';
  targetId: string;
  targetLabel?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Writer, entry: AuditEntryInput): Promise<void> {
  await db.insert(adminAudit).values({ ...entry, targetLabel: entry.targetLabel ?? null, details: entry.details ?? {} });
}

/** Newest first, one page of `limit` entries older than `before` (an id). */
export async function listAudit(db: Db, query: { limit: number; before?: number }): Promise<AdminAuditResponse> {
  const where: SQL[] = [];
  if (query.before) where.push(lt(adminAudit.id, query.before));
  const rows = await db
    .select()
    .from(adminAudit)
    .where(and(...where))
    .orderBy(desc(adminAudit.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const entries: AdminAuditEntry[] = page.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action as AdminAuditAction,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetLabel,
    details: r.details,
  }));
  return { entries, nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
