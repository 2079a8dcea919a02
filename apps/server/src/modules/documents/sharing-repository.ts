import type { ShareRole } from '@yumi/core';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { documents, documentShares, shareTokens } from '../../db/schema';
import type { DocumentKind, DocumentSummaryRow } from './repository';

export type ShareRow = typeof documentShares.$inferSelect;
export type TokenRow = typeof shareTokens.$inferSelect;

/** Per-document lock key space (pg_advisory_xact_lock(int, int)): counting against the caps and inserting are one step. */
const SHARE_LOCK = 0x736872; // 'shr'

/** Runs `work` in a transaction holding the document's share lock, so concurrent invitations cannot pass a cap. */
export async function underShareLock<T>(db: Db, documentId: string, work: (tx: Runner) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SHARE_LOCK}::int, hashtext(${documentId}))`);
    return work(tx);
  });
}

export async function documentOwner(db: Runner, documentId: string): Promise<{ userId: string; kind: DocumentKind; title: string } | undefined> {
  const [row] = await db
    .select({ userId: documents.userId, kind: documents.kind, title: documents.title })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row;
}

export async function listMembers(db: Runner, documentId: string): Promise<ShareRow[]> {
  return db.select().from(documentShares).where(eq(documentShares.documentId, documentId)).orderBy(documentShares.createdAt);
}

export async function findMember(db: Runner, documentId: string, userId: string): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(documentShares)
    .where(and(eq(documentShares.documentId, documentId), eq(documentShares.userId, userId)))
    .limit(1);
  return row;
}

/** The owner's choice: the member gets exactly `role`. */
export async function setMember(db: Runner, values: { documentId: string; userId: string; role: ShareRole; createdAt: Date }): Promise<ShareRow> {
  const [row] = await db
    .insert(documentShares)
    .values(values)
    .onConflictDoUpdate({ target: [documentShares.documentId, documentShares.userId], set: { role: values.role } })
    .returning();
  return row!;
}

const rank = (column: unknown) => sql`array_position(ARRAY['viewer','commenter','editor']::text[], ${column})`;

/** Following a link or an invitation: the member gets `role` unless they already have a higher one. */
export async function grantAtLeast(db: Runner, values: { documentId: string; userId: string; role: ShareRole; createdAt: Date }): Promise<ShareRow> {
  const [row] = await db
    .insert(documentShares)
    .values(values)
    .onConflictDoUpdate({
      target: [documentShares.documentId, documentShares.userId],
      set: { role: sql`CASE WHEN ${rank(sql`excluded.role`)} > ${rank(documentShares.role)} THEN excluded.role ELSE ${documentShares.role} END` },
    })
    .returning();
  return row!;
}

export async function changeMember(db: Runner, documentId: string, userId: string, role: ShareRole): Promise<ShareRow | undefined> {
  const [row] = await db
    .update(documentShares)
    .set({ role })
    .where(and(eq(documentShares.documentId, documentId), eq(documentShares.userId, userId)))
    .returning();
  return row;
}

export async function deleteMember(db: Runner, documentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(documentShares)
    .where(and(eq(documentShares.documentId, documentId), eq(documentShares.userId, userId)))
    .returning({ userId: documentShares.userId });
  return rows.length > 0;
}

/** People with access or invited to it: what MAX_SHARES_PER_DOCUMENT bounds. */
export async function countPeople(db: Runner, documentId: string): Promise<number> {
  const [members] = await db.select({ n: count() }).from(documentShares).where(eq(documentShares.documentId, documentId));
  const [invites] = await db
    .select({ n: count() })
    .from(shareTokens)
    .where(and(eq(shareTokens.documentId, documentId), isNotNull(shareTokens.email)));
  return (members?.n ?? 0) + (invites?.n ?? 0);
}

export async function countLinks(db: Runner, documentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shareTokens)
    .where(and(eq(shareTokens.documentId, documentId), isNull(shareTokens.email)));
  return row?.n ?? 0;
}

/** Whether anyone but the owner has or can get access through a link: the document is then edited together. */
export async function isCollaborative(db: Runner, documentId: string): Promise<boolean> {
  const [member] = await db.select({ userId: documentShares.userId }).from(documentShares).where(eq(documentShares.documentId, documentId)).limit(1);
  if (member) return true;
  const [link] = await db
    .select({ id: shareTokens.id })
    .from(shareTokens)
    .where(and(eq(shareTokens.documentId, documentId), isNull(shareTokens.email)))
    .limit(1);
  return !!link;
}

export async function insertToken(db: Runner, values: typeof shareTokens.$inferInsert): Promise<TokenRow> {
  const [row] = await db.insert(shareTokens).values(values).returning();
  return row!;
}

export async function listTokens(db: Runner, documentId: string): Promise<TokenRow[]> {
  return db.select().from(shareTokens).where(eq(shareTokens.documentId, documentId)).orderBy(shareTokens.createdAt);
}

export async function findInviteByEmail(db: Runner, documentId: string, email: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(shareTokens)
    .where(and(eq(shareTokens.documentId, documentId), sql`lower(${shareTokens.email}) = lower(${email})`))
    .limit(1);
  return row;
}

/** Deletes a document's invitation (`invite`) or link, by id; false when there is no such one. */
export async function deleteToken(db: Runner, documentId: string, id: string, kind: 'invite' | 'link'): Promise<boolean> {
  const rows = await db
    .delete(shareTokens)
    .where(and(eq(shareTokens.documentId, documentId), eq(shareTokens.id, id), kind === 'invite' ? isNotNull(shareTokens.email) : isNull(shareTokens.email)))
    .returning({ id: shareTokens.id });
  return rows.length > 0;
}

export async function findTokenByHash(db: Runner, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(shareTokens).where(eq(shareTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Uses an invitation up: only the one caller whose delete found the row may accept it. */
export async function consumeInvite(db: Runner, id: string): Promise<boolean> {
  const rows = await db.delete(shareTokens).where(and(eq(shareTokens.id, id), isNotNull(shareTokens.email))).returning({ id: shareTokens.id });
  return rows.length > 0;
}

export type SharedSummaryRow = DocumentSummaryRow & { role: ShareRole };

/** Documents shared with the user, newest first (their owners' names are the auth module's to give). */
export async function sharedWith(db: Db, userId: string, kind: DocumentKind | undefined, limit: number): Promise<SharedSummaryRow[]> {
  const mine = eq(documentShares.userId, userId);
  return db
    .select({
      id: documents.id,
      userId: documents.userId,
      kind: documents.kind,
      title: documents.title,
      version: documents.version,
      words: documents.words,
      characters: documents.characters,
      createdAt: documents.createdAt,
      updatedAt: documents.updatedAt,
      role: documentShares.role,
    })
    .from(documentShares)
    .innerJoin(documents, eq(documents.id, documentShares.documentId))
    .where(kind ? and(mine, eq(documents.kind, kind)) : mine)
    .orderBy(desc(documents.updatedAt))
    .limit(limit);
}

/** The members of a document (before it is deleted: their open editors are told). */
export async function memberIds(db: Runner, documentIds: string[]): Promise<string[]> {
  if (!documentIds.length) return [];
  const rows = await db.select({ userId: documentShares.userId }).from(documentShares).where(inArray(documentShares.documentId, documentIds));
  return rows.map((r) => r.userId);
}
