import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import type { Runner } from '../../db/connection';
import { creditBalances, creditLedger, creditReservations } from '../../db/schema';

/*
 * The one credit ledger. Every change of a balance is an append-only `credit_ledger` entry written in the
 * same transaction as the balance row, unique on (sourceType, sourceId) so a cause counts once. Spending
 * is a conditional UPDATE ... WHERE balance >= amount, so concurrent spends can never overdraw, on PGlite
 * (one connection) and on PostgreSQL (row locks) alike.
 */

/**
 * Billing's tables that hold the books: they reference users ON DELETE CASCADE but must outlive an account
 * (purchases and their subscriptions, the ledger with its balance and reservations).
 */
export const BOOK_TABLES: ReadonlySet<string> = new Set(['purchases', 'subscriptions', 'credit_ledger', 'credit_balances', 'credit_reservations']);

export interface LedgerEntryInput {
  userId: string;
  amount: number;
  reason: string;
  sourceType: string;
  sourceId: string;
  /** Granted by the TEST MODE checkout (marked in the ledger, shown as TEST). */
  test?: boolean;
}

const MAX_AMOUNT = 1_000_000_000_000;

function checkAmount(amount: number, allowZero = false): void {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1) || amount > MAX_AMOUNT) {
    throw new HttpError(400, 'INVALID_AMOUNT', 'Amounts must be positive whole numbers of timeshards');
  }
}
function checkSource(e: LedgerEntryInput): void {
  if (!e.sourceType || !e.sourceId || !e.reason) {
    throw new HttpError(400, 'INVALID_LEDGER_ENTRY', 'Ledger entries need a reason and a source');
  }
}

async function ensureBalanceRow(tx: Runner, userId: string): Promise<void> {
  await tx.insert(creditBalances).values({ userId, balance: 0 }).onConflictDoNothing({ target: creditBalances.userId });
}

async function readBalance(tx: Runner, userId: string): Promise<number> {
  const [row] = await tx.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.userId, userId));
  return row?.balance ?? 0;
}

/** Takes `amount` off the balance only if it covers it (never below zero); the new balance, or undefined when it does not. */
async function takeIfCovered(tx: Runner, userId: string, amount: number, now: Date): Promise<number | undefined> {
  const [row] = await tx
    .update(creditBalances)
    .set({ balance: sql`${creditBalances.balance} - ${amount}`, updatedAt: now })
    .where(and(eq(creditBalances.userId, userId), gte(creditBalances.balance, amount)))
    .returning({ balance: creditBalances.balance });
  return row?.balance;
}

/** Hears of each ledger entry this process writes (for /metrics); the entry's transaction may still roll back (rare). */
type LedgerObserver = (delta: number, sourceType: string) => void;
let observer: LedgerObserver | undefined;

/** Set by app.ts; entries are written inside callers' transactions, where no context is at hand. */
export function observeLedger(listener: LedgerObserver): void {
  observer = listener;
}

/** Adds `delta` (may be negative only when covered, see the callers) and appends its entry; null when the source was already recorded. */
async function append(tx: Runner, userId: string, delta: number, reason: string, sourceType: string, sourceId: string, now: Date, test = false) {
  const [inserted] = await tx
    .insert(creditLedger)
    .values({ userId, delta, reason, sourceType, sourceId, createdAt: now, test })
    .onConflictDoNothing({ target: [creditLedger.sourceType, creditLedger.sourceId] })
    .returning({ id: creditLedger.id });
  if (inserted) observer?.(delta, sourceType);
  return inserted?.id ?? null;
}

/** A user's ledger entries whose source type starts with `sourceTypePrefix` (e.g. 'art-' for contribution rewards). */
export async function entriesBySource(ctx: AppContext, userId: string, sourceTypePrefix: string): Promise<Array<{ sourceType: string; sourceId: string; delta: number }>> {
  return ctx.db
    .select({ sourceType: creditLedger.sourceType, sourceId: creditLedger.sourceId, delta: creditLedger.delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), sql`starts_with(${creditLedger.sourceType}, ${sourceTypePrefix})`));
}

export async function getBalance(ctx: AppContext, userId: string): Promise<number> {
  return readBalance(ctx.db, userId);
}

/** Idempotent on (sourceType, sourceId): a repeat returns { applied: false } and changes nothing. */
export async function grant(ctx: AppContext, e: LedgerEntryInput): Promise<{ applied: boolean; balance: number }> {
  checkAmount(e.amount);
  checkSource(e);
  return ctx.db.transaction((tx) => grantIn(tx, ctx.clock.now(), e));
}

/** `grant` inside a caller's transaction (fulfilment, rewards), so the cause and its credit commit together. */
export async function grantIn(tx: Runner, now: Date, e: LedgerEntryInput): Promise<{ applied: boolean; balance: number }> {
  checkAmount(e.amount);
  checkSource(e);
  const id = await append(tx, e.userId, e.amount, e.reason, e.sourceType, e.sourceId, now, e.test);
  if (!id) return { applied: false, balance: await readBalance(tx, e.userId) };
  const [row] = await tx
    .insert(creditBalances)
    .values({ userId: e.userId, balance: e.amount, updatedAt: now })
    .onConflictDoUpdate({
      target: creditBalances.userId,
      set: { balance: sql`${creditBalances.balance} + excluded.balance`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ balance: creditBalances.balance });
  return { applied: true, balance: row!.balance };
}

/**
 * Takes back up to `amount` (refunds, chargebacks): never below zero, so a user who already spent the
 * credits ends at zero. Idempotent on the source. Answers what was actually taken.
 */
export async function revokeIn(tx: Runner, now: Date, e: LedgerEntryInput): Promise<{ applied: boolean; taken: number; balance: number }> {
  checkAmount(e.amount);
  checkSource(e);
  await ensureBalanceRow(tx, e.userId);
  // Lock the balance row first so the amount we record is the amount we take.
  const [current] = await tx.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.userId, e.userId)).for('update');
  const taken = Math.min(current!.balance, e.amount);
  if (taken === 0) {
    // Nothing left to take: still record the cause so a replay is recognised (a zero delta is not an entry).
    return { applied: false, taken: 0, balance: 0 };
  }
  const id = await append(tx, e.userId, -taken, e.reason, e.sourceType, e.sourceId, now);
  if (!id) return { applied: false, taken: 0, balance: await readBalance(tx, e.userId) };
  return { applied: true, taken, balance: (await takeIfCovered(tx, e.userId, taken, now))! };
}

/** Takes back the whole balance (an account being deleted forfeits what is left), in the caller's transaction. */
export async function forfeitAllIn(tx: Runner, now: Date, e: Omit<LedgerEntryInput, 'amount'>): Promise<void> {
  const balance = await readBalance(tx, e.userId);
  if (balance > 0) await revokeIn(tx, now, { ...e, amount: balance });
}

function insufficientCredits(): HttpError {
  return new HttpError(403, 'INSUFFICIENT_CREDITS', 'Insufficient credits. Please check your balance.');
}

/** Holds `amount` (conditional update, never below zero); throws HttpError(403, 'INSUFFICIENT_CREDITS', ...) when the balance cannot cover it. */
export async function reserve(ctx: AppContext, e: LedgerEntryInput): Promise<{ reservationId: string; balance: number }> {
  checkAmount(e.amount);
  checkSource(e);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: creditReservations.id, userId: creditReservations.userId })
      .from(creditReservations)
      .where(and(eq(creditReservations.sourceType, e.sourceType), eq(creditReservations.sourceId, e.sourceId)));
    if (existing) {
      // The same cause reserving twice gets its first reservation back, not a second hold.
      if (existing.userId !== e.userId) throw new HttpError(409, 'RESERVATION_CONFLICT', 'This reservation belongs to someone else');
      return { reservationId: existing.id, balance: await readBalance(tx, e.userId) };
    }
    const balance = await takeIfCovered(tx, e.userId, e.amount, now);
    if (balance === undefined) throw insufficientCredits();
    const [reservation] = await tx
      .insert(creditReservations)
      .values({ userId: e.userId, amount: e.amount, reason: e.reason, sourceType: e.sourceType, sourceId: e.sourceId, createdAt: now })
      .onConflictDoNothing({ target: [creditReservations.sourceType, creditReservations.sourceId] })
      .returning({ id: creditReservations.id });
    // A concurrent twin won the insert: undo our hold by failing the whole transaction.
    if (!reservation) throw new HttpError(409, 'RESERVATION_CONFLICT', 'This charge is already being processed');
    await append(tx, e.userId, -e.amount, e.reason, 'reservation', reservation.id, now);
    return { reservationId: reservation.id, balance };
  });
}

async function closeReservation(ctx: AppContext, reservationId: string, actualAmount: number | null): Promise<{ balance: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: creditReservations.userId, amount: creditReservations.amount })
      .from(creditReservations)
      .where(eq(creditReservations.id, reservationId));
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'Reservation not found');
    const amount = row.amount;
    if (actualAmount !== null && actualAmount > amount) {
      throw new HttpError(400, 'INVALID_AMOUNT', 'Cannot charge more than was reserved');
    }
    const charged = actualAmount ?? 0;
    // Only the first close wins; repeats (and a settle after a release) change nothing.
    const closed = await tx
      .update(creditReservations)
      .set({ status: actualAmount === null ? 'released' : 'settled', charged, closedAt: now })
      .where(and(eq(creditReservations.id, reservationId), eq(creditReservations.status, 'held')))
      .returning({ id: creditReservations.id });
    if (!closed.length) return { balance: await readBalance(tx, row.userId) };
    const back = amount - charged;
    if (back === 0) return { balance: await readBalance(tx, row.userId) };
    const reason = actualAmount === null ? 'Reservation released' : 'Unused part of a reservation';
    return grantIn(tx, now, { userId: row.userId, amount: back, reason, sourceType: 'reservation-return', sourceId: reservationId });
  });
}

/** Charges `actualAmount` (<= reserved) of a reservation and returns the rest; idempotent. */
export async function settle(ctx: AppContext, reservationId: string, actualAmount: number): Promise<{ balance: number }> {
  checkAmount(actualAmount, true);
  return closeReservation(ctx, reservationId, actualAmount);
}

/** Returns a whole reservation (failed call); idempotent. */
export async function release(ctx: AppContext, reservationId: string): Promise<{ balance: number }> {
  return closeReservation(ctx, reservationId, null);
}

/** A direct, immediate spend (no reservation): same conditional update, one entry. Idempotent on the source. */
export async function spend(ctx: AppContext, e: LedgerEntryInput): Promise<{ applied: boolean; balance: number }> {
  checkAmount(e.amount);
  checkSource(e);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const id = await append(tx, e.userId, -e.amount, e.reason, e.sourceType, e.sourceId, now);
    if (!id) return { applied: false, balance: await readBalance(tx, e.userId) };
    const balance = await takeIfCovered(tx, e.userId, e.amount, now);
    if (balance === undefined) throw insufficientCredits();
    return { applied: true, balance };
  });
}
