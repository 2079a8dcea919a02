import { and, asc, count, desc, eq, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { characters, characterVersionBlobs, characterVersions } from '../../db/schema';

export type CharacterRow = typeof characters.$inferSelect;
export type VersionRow = typeof characterVersions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Db | Tx;

export async function listCharacters(db: Db, userId: string): Promise<CharacterRow[]> {
  return db.select().from(characters).where(eq(characters.userId, userId)).orderBy(desc(characters.lastModified)).limit(500);
}

export async function findCharacter(db: Exec, id: string): Promise<CharacterRow | undefined> {
  const [row] = await db.select().from(characters).where(eq(characters.id, id));
  return row;
}

/** Locks the character row so concurrent saves count versions one at a time. */
export async function lockCharacter(tx: Tx, id: string): Promise<CharacterRow | undefined> {
  const [row] = await tx.select().from(characters).where(eq(characters.id, id)).for('update');
  return row;
}

export async function versionsOf(db: Exec, characterIds: string[]): Promise<VersionRow[]> {
  if (characterIds.length === 0) return [];
  return db.select().from(characterVersions).where(inArray(characterVersions.characterId, characterIds)).orderBy(asc(characterVersions.seq));
}

export async function findVersion(db: Exec, characterId: string, versionId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(characterVersions)
    .where(and(eq(characterVersions.characterId, characterId), eq(characterVersions.id, versionId)));
  return row;
}

export async function countVersions(tx: Exec, characterId: string): Promise<{ n: number; maxSeq: number }> {
  const [row] = await tx
    .select({ n: count(), maxSeq: max(characterVersions.seq) })
    .from(characterVersions)
    .where(eq(characterVersions.characterId, characterId));
  return { n: Number(row?.n ?? 0), maxSeq: Number(row?.maxSeq ?? 0) };
}

/** The character a device already sent under its own id (see createCharacterSchema.clientId). */
export async function findByClientId(db: Exec, userId: string, clientId: string): Promise<CharacterRow | undefined> {
  const [row] = await db.select().from(characters).where(and(eq(characters.userId, userId), eq(characters.clientId, clientId)));
  return row;
}

/** Per-user lock for creating a character under a device's id, so two sends of it cannot both insert. */
export async function lockClientCreate(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${0x636872}::int, hashtext(${userId}))`);
}

export async function insertCharacter(tx: Exec, row: typeof characters.$inferInsert): Promise<CharacterRow> {
  const [inserted] = await tx.insert(characters).values(row).returning();
  return inserted!;
}

export async function updateCharacter(tx: Exec, id: string, patch: Partial<typeof characters.$inferInsert>): Promise<void> {
  await tx.update(characters).set(patch).where(eq(characters.id, id));
}

/** Answers whether it was deleted: with `notAfter`, only if it was last modified no later than that. */
export async function deleteCharacter(tx: Exec, id: string, notAfter?: Date): Promise<boolean> {
  const unchanged = notAfter ? lte(characters.lastModified, notAfter) : undefined;
  const rows = await tx.delete(characters).where(and(eq(characters.id, id), unchanged)).returning({ id: characters.id });
  return rows.length > 0;
}

export async function insertVersion(tx: Exec, row: typeof characterVersions.$inferInsert, blobKeys: string[]): Promise<VersionRow> {
  const [inserted] = await tx.insert(characterVersions).values(row).returning();
  const keys = [...new Set(blobKeys)];
  if (keys.length > 0) await tx.insert(characterVersionBlobs).values(keys.map((blobKey) => ({ versionId: inserted!.id, blobKey })));
  return inserted!;
}

export async function deleteVersion(tx: Exec, id: string): Promise<void> {
  await tx.delete(characterVersions).where(eq(characterVersions.id, id));
}

/** The ids of the user's characters, oldest first (the data export loads one character at a time). */
export async function characterIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: characters.id }).from(characters).where(eq(characters.userId, userId)).orderBy(asc(characters.createdAt));
  return rows.map((r) => r.id);
}

/** The ids of a character's versions in order (each version's canvas is loaded on its own: they can be large). */
export async function versionIdsOf(db: Db, characterId: string): Promise<string[]> {
  const rows = await db
    .select({ id: characterVersions.id })
    .from(characterVersions)
    .where(eq(characterVersions.characterId, characterId))
    .orderBy(asc(characterVersions.seq));
  return rows.map((r) => r.id);
}
