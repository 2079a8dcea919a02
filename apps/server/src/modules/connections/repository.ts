import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { llmConnections } from '../../db/schema';

export type ConnectionRow = typeof llmConnections.$inferSelect;

export const listConnections = (db: Db) => db.select().from(llmConnections).orderBy(asc(llmConnections.createdAt), asc(llmConnections.id));

export async function findConnection(db: Db, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(llmConnections).where(eq(llmConnections.id, id));
  return row;
}

export async function insertConnection(db: Pick<Db, 'insert'>, row: typeof llmConnections.$inferInsert): Promise<void> {
  await db.insert(llmConnections).values(row);
}

export async function updateModels(db: Db, id: string, models: string[], now: Date): Promise<void> {
  await db.update(llmConnections).set({ models, updatedAt: now }).where(eq(llmConnections.id, id));
}

export async function deleteConnection(db: Pick<Db, 'delete'>, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.delete(llmConnections).where(eq(llmConnections.id, id)).returning();
  return row;
}
