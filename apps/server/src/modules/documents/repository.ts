import { and, asc, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { documents, writingProfiles } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentKind = DocumentRow['kind'];
export type ProfileRow = typeof writingProfiles.$inferSelect;

const summaryColumns = {
  id: documents.id,
  userId: documents.userId,
  kind: documents.kind,
  title: documents.title,
  version: documents.version,
  words: documents.words,
  characters: documents.characters,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};
export type DocumentSummaryRow = Omit<DocumentRow, 'content' | 'hashtags' | 'clientId'>;

export async function listDocuments(db: Db, userId: string, kind: DocumentKind | undefined, limit: number): Promise<DocumentSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(documents)
    .where(kind ? and(eq(documents.userId, userId), eq(documents.kind, kind)) : eq(documents.userId, userId))
    .orderBy(desc(documents.updatedAt))
    .limit(limit);
}

async function countDocuments(db: Runner, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.userId, userId));
  return row?.n ?? 0;
}

/** Per-user lock key space for document creation (pg_advisory_xact_lock(int, int)). */
const CREATE_LOCK = 0x646f63; // 'doc'

/**
 * Inserts a document unless the user already keeps `cap` of them; null when at the cap. The count and
 * the insert run under one per-user transaction lock, so concurrent creates cannot slip past the cap.
 */
export async function insertDocumentUnderCap(db: Db, values: typeof documents.$inferInsert, cap: number): Promise<DocumentRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK}::int, hashtext(${values.userId}))`);
    if (values.clientId) {
      // Sent again from a device (its first answer lost): the document made the first time.
      const [made] = await tx.select().from(documents).where(and(eq(documents.userId, values.userId), eq(documents.clientId, values.clientId)));
      if (made) return made;
    }
    if ((await countDocuments(tx, values.userId)) >= cap) return null;
    const [row] = await tx.insert(documents).values(values).returning();
    return row!;
  });
}

export async function findDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row;
}

/** Compare-and-set on the version: only the writer who saw the latest version wins (who may write is the caller's check). */
export async function updateDocumentIfVersion(
  db: Db,
  id: string,
  expectedVersion: number,
  values: Partial<Pick<DocumentRow, 'title' | 'content' | 'words' | 'characters' | 'hashtags' | 'updatedAt'>>,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(documents)
    .set({ ...values, version: sql`${documents.version} + 1` })
    .where(and(eq(documents.id, id), eq(documents.version, expectedVersion)))
    .returning();
  return row;
}

export async function deleteDocument(db: Db, id: string, userId: string, version?: number): Promise<boolean> {
  const at = version === undefined ? undefined : eq(documents.version, version);
  const rows = await db.delete(documents).where(and(eq(documents.id, id), eq(documents.userId, userId), at)).returning({ id: documents.id });
  return rows.length > 0;
}

/** Most-used hashtags in one user's own documents touched since `since` (trends never mix users: privacy). */
export async function topHashtags(db: Db, userId: string, since: Date, limit: number): Promise<Array<{ tag: string; uses: number }>> {
  const tags = db
    .select({ tag: sql<string>`unnest(${documents.hashtags})`.as('tag') })
    .from(documents)
    .where(and(eq(documents.userId, userId), gte(documents.updatedAt, since)))
    .as('tags');
  return db
    .select({ tag: tags.tag, uses: count() })
    .from(tags)
    .groupBy(tags.tag)
    .orderBy(desc(count()), asc(tags.tag))
    .limit(limit);
}

export async function findProfile(db: Db, userId: string, mode: DocumentKind): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(writingProfiles)
    .where(and(eq(writingProfiles.userId, userId), eq(writingProfiles.mode, mode)))
    .limit(1);
  return row;
}

export async function upsertProfile(
  db: Db,
  values: { userId: string; mode: DocumentKind; controlSettings: unknown; userHistory: unknown; updatedAt: Date },
): Promise<ProfileRow> {
  const [row] = await db
    .insert(writingProfiles)
    .values(values)
    .onConflictDoUpdate({
      target: [writingProfiles.userId, writingProfiles.mode],
      set: { controlSettings: values.controlSettings, userHistory: values.userHistory, updatedAt: values.updatedAt },
    })
    .returning();
  return row!;
}

/** Content hashes of the user's documents (the plagiarism corpus re-fingerprints those that changed; md5 computed by the database, so bodies stay there). */
const contentHash = sql<string>`md5(${documents.content})`;

export async function documentHashes(db: Db, userId: string): Promise<Array<{ id: string; hash: string }>> {
  return db.select({ id: documents.id, hash: contentHash }).from(documents).where(eq(documents.userId, userId));
}

export async function documentsByIds(db: Db, userId: string, ids: string[]): Promise<Array<{ id: string; title: string; content: string; hash: string }>> {
  if (!ids.length) return [];
  return db
    .select({ id: documents.id, title: documents.title, content: documents.content, hash: contentHash })
    .from(documents)
    .where(and(eq(documents.userId, userId), sql`${documents.id} = ANY(${`{${ids.join(',')}}`}::uuid[])`));
}

/**
 * The user's documents whose title and text contain every pattern (`ILIKE ALL`, a text[] literal), newest
 * first, each with a snippet around the first occurrence of `first` (the literature search's library).
 */
export async function searchDocuments(
  db: Db,
  userId: string,
  search: { patterns: string; first: string; limit: number },
): Promise<Array<{ id: string; title: string; kind: DocumentKind; snippet: string }>> {
  return db
    .select({
      id: documents.id,
      title: documents.title,
      kind: documents.kind,
      snippet: sql<string>`substr(${documents.content}, greatest(1, strpos(lower(${documents.content}), lower(${search.first})) - 80), 240)`,
    })
    .from(documents)
    .where(and(eq(documents.userId, userId), sql`(${documents.title} || ' ' || ${documents.content}) ILIKE ALL (${search.patterns}::text[])`))
    .orderBy(desc(documents.updatedAt))
    .limit(search.limit);
}

/** Titles of the user's documents among `ids` (another user's id is simply absent). */
export async function documentTitles(db: Db, userId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** One page of the user's documents after the id `after`, in id order: the data export reads them all, a page at a time. */
export async function documentsPage(db: Db, userId: string, after: string | null, limit: number): Promise<DocumentRow[]> {
  const mine = eq(documents.userId, userId);
  return db
    .select()
    .from(documents)
    .where(after ? and(mine, gt(documents.id, after)) : mine)
    .orderBy(asc(documents.id))
    .limit(limit);
}
