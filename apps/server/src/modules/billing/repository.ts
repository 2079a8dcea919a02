import { and, asc, desc, eq, like, sum, type SQL } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { creditLedger, purchases } from '../../db/schema';

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

/** The sum of a purchase or ledger amount over the rows `where` picks (0 for none). */
async function total(db: Db, amount: typeof purchases.amountCents | typeof creditLedger.delta, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sum(amount) }).from(amount.table).where(where);
  return Number(row?.total ?? 0);
}

/** What the user has paid, in cents, over all paid purchases. */
export const paidCents = (db: Db, userId: string) => total(db, purchases.amountCents, and(eq(purchases.userId, userId), eq(purchases.status, 'paid')));

/** Timeshards the user was granted for contributed artworks (ledger sources `art-*`). */
export const artRewards = (db: Db, userId: string) => total(db, creditLedger.delta, and(eq(creditLedger.userId, userId), like(creditLedger.sourceType, 'art-%')));

/** The newest grants of the TEST MODE checkout. */
export async function testGrantEntries(db: Db, limit: number): Promise<Array<typeof creditLedger.$inferSelect>> {
  return db.select().from(creditLedger).where(eq(creditLedger.test, true)).orderBy(desc(creditLedger.createdAt)).limit(limit);
}

/** The sum of every TEST MODE grant. */
export const testGrantTotal = (db: Db) => total(db, creditLedger.delta, eq(creditLedger.test, true));
