import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { creditLedger, purchases } from '../../db/schema';
import type { Runner } from '../../db/rows';

export type PurchaseRow = typeof purchases.$inferSelect;

export async function insertPurchase(db: Db, row: typeof purchases.$inferInsert): Promise<PurchaseRow> {
  const [inserted] = await db.insert(purchases).values(row).returning();
  return inserted!;
}

export async function findPurchase(db: Runner & Db, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

export async function findOwnPurchase(db: Db, userId: string, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
  return row;
}

export async function listPurchases(db: Db, userId: string, limit = 50): Promise<PurchaseRow[]> {
  return db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(desc(purchases.createdAt)).limit(limit);
}

export async function setProviderRef(db: Db, id: string, providerRef: string): Promise<void> {
  await db.update(purchases).set({ providerRef }).where(eq(purchases.id, id));
}

/** Every purchase of the user, oldest first (the data export). */
export async function purchaseHistory(db: Db, userId: string): Promise<PurchaseRow[]> {
  return db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(asc(purchases.createdAt));
}

/** Every ledger entry of the user, oldest first (the data export). */
export async function ledgerHistory(db: Db, userId: string): Promise<Array<typeof creditLedger.$inferSelect>> {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.createdAt));
}
