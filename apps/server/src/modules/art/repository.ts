import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { artworks } from '../../db/schema';
import { usernamesByIds } from '../auth';

export type ArtworkRow = typeof artworks.$inferSelect;

export async function insertArtwork(db: Db, row: typeof artworks.$inferInsert): Promise<ArtworkRow> {
  const [inserted] = await db.insert(artworks).values(row).returning();
  return inserted!;
}

/** How many artworks the user has contributed (billing's info shows it). */
export async function countArtworks(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(artworks).where(eq(artworks.userId, userId));
  return Number(row?.n ?? 0);
}

export async function listForUser(db: Db, userId: string): Promise<ArtworkRow[]> {
  return db.select().from(artworks).where(eq(artworks.userId, userId)).orderBy(desc(artworks.createdAt)).limit(200);
}

/** Artworks with their owner's name (the auth module's): the admin's review lists. */
async function withOwners(db: Db, rows: ArtworkRow[]): Promise<Array<{ artwork: ArtworkRow; username: string }>> {
  const names = await usernamesByIds(db, rows.map((r) => r.userId));
  return rows.map((artwork) => ({ artwork, username: names.get(artwork.userId) ?? '' }));
}

export async function listByStatus(db: Db, status: ArtworkRow['status']) {
  const rows = await db
    .select()
    .from(artworks)
    .where(eq(artworks.status, status))
    .orderBy(status === 'pending' ? artworks.createdAt : desc(artworks.reviewedAt))
    .limit(200);
  return withOwners(db, rows);
}

export async function findWithOwner(db: Db, id: string) {
  const rows = await db.select().from(artworks).where(eq(artworks.id, id));
  return (await withOwners(db, rows))[0];
}

/** The artworks a stored file belongs to (their image or thumbnail); identical uploads share one file. */
export async function findByBlobKey(db: Db, key: string): Promise<ArtworkRow[]> {
  return db
    .select()
    .from(artworks)
    .where(sql`${artworks.blobKey} = ${key} OR ${artworks.thumbKey} = ${key}`)
    .limit(50);
}

export async function searchReferences(db: Db, words: string[], limit: number): Promise<ArtworkRow[]> {
  const visible = and(eq(artworks.status, 'approved'), eq(artworks.consentToShow, true));
  const match = words.map((w) => {
    const like = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(${artworks.title} ILIKE ${like} OR EXISTS (SELECT 1 FROM unnest(${artworks.tags}) AS tag WHERE tag ILIKE ${like}))`;
  });
  return db
    .select()
    .from(artworks)
    .where(and(visible, ...match))
    .orderBy(desc(artworks.exceptional), desc(artworks.reviewedAt))
    .limit(limit);
}
