import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pgAttribute, pgClass, pgConstraint } from '../../db/catalogue';
import { HttpError } from '../../lib/http-error';
import { anonymizeUser, checkPassword, checkSecondStep, forgetCachedUser, twoStepOn } from '../auth';
import { BOOK_TABLES, forfeitAllIn } from '../billing';
import { ACCOUNT_MESSAGES } from './messages';

/*
 * Billing's BOOK_TABLES stay, pointing at the anonymous row the user becomes. Every other table that references
 * users ON DELETE CASCADE is personal data and is emptied of the user's rows, so a table added later is
 * deleted too without touching this file.
 */

/** Each (table, column) that references users(id) ON DELETE CASCADE, from the catalogue. */
async function cascadingReferences(ctx: AppContext): Promise<Array<{ table: string; column: string }>> {
  return ctx.db
    .select({ table: pgClass.relname, column: pgAttribute.attname })
    .from(pgConstraint)
    .innerJoin(pgClass, eq(pgClass.oid, pgConstraint.conrelid))
    .innerJoin(pgAttribute, and(eq(pgAttribute.attrelid, pgConstraint.conrelid), eq(pgAttribute.attnum, sql`${pgConstraint.conkey}[1]`)))
    .where(and(eq(pgConstraint.contype, 'f'), eq(pgConstraint.confrelid, sql`'users'::regclass`), eq(pgConstraint.confdeltype, 'c')))
    .orderBy(pgClass.relname);
}

/**
 * Deletes the account: password (and the second step when on) first. Documents, characters, images, chats,
 * sessions and every other personal row go; their blobs are no longer referenced, so the collector removes
 * the files after its grace period (providers/blob/registry.ts). Purchases and ledger rows stay for the
 * books, on a row with no email, name or password; remaining timeshards are forfeited by a ledger entry.
 * The email address is free to sign up again.
 */
export async function deleteAccount(ctx: AppContext, userId: string, input: { password: string; code?: string | undefined }): Promise<void> {
  const row = await checkPassword(ctx, userId, input.password);
  if (twoStepOn(row)) {
    if (!input.code) throw new HttpError(400, 'TWO_STEP_REQUIRED', ACCOUNT_MESSAGES.deleteNeedsCode, [{ path: 'code', message: 'required' }]);
    await checkSecondStep(ctx, row, input.code);
  }
  const references = (await cascadingReferences(ctx)).filter((r) => !BOOK_TABLES.has(r.table));
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await forfeitAllIn(tx, now, { userId, reason: 'Account deleted: remaining timeshards forfeited', sourceType: 'account_deletion', sourceId: userId });
    for (const { table, column } of references) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`);
    }
    await anonymizeUser(tx, userId, now);
  });
  await forgetCachedUser(ctx, userId);
}
