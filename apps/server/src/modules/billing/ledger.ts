import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { queryRows, type Runner } from '../../db/rows';

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
  await tx.execute(sql`INSERT INTO credit_balances (user_id, balance) VALUES (${userId}, 0) ON CONFLICT (user_id) DO NOTHING`);
}

async function readBalance(tx: Runner, userId: string): Promise<number> {
  const rows = await queryRows<{ balance: string | number }>(tx, sql`SELECT balance FROM credit_balances WHERE user_id = ${userId}`);
  return rows[0] ? Number(rows[0].balance) : 0;
}

/** Adds `delta` (may be negative only when covered, see the callers) and appends its entry; null when the source was already recorded. */
async function append(tx: Runner, userId: string, delta: number, reason: string, sourceType: string, sourceId: string, now: Date, test = false) {
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO credit_ledger (user_id, delta, reason, source_type, source_id, created_at, test)
        VALUES (${userId}, ${delta}, ${reason}, ${sourceType}, ${sourceId}, ${now.toISOString()}, ${test})
        ON CONFLICT (source_type, source_id) DO NOTHING RETURNING id`,
  );
  return inserted[0]?.id ?? null;
}

/** A user's ledger entries whose source type starts with `sourceTypePrefix` (e.g. 'art-' for contribution rewards). */
export async function entriesBySource(ctx: AppContext, userId: string, sourceTypePrefix: string): Promise<Array<{ sourceType: string; sourceId: string; delta: number }>> {
  const rows = await queryRows<{ source_type: string; source_id: string; delta: string }>(
    ctx.db,
    sql`SELECT source_type, source_id, delta FROM credit_ledger WHERE user_id = ${userId} AND starts_with(source_type, ${sourceTypePrefix})`,
  );
  return rows.map((r) => ({ sourceType: r.source_type, sourceId: r.source_id, delta: Number(r.delta) }));
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
  const rows = await queryRows<{ balance: string }>(
    tx,
    sql`INSERT INTO credit_balances (user_id, balance, updated_at) VALUES (${e.userId}, ${e.amount}, ${now.toISOString()})
        ON CONFLICT (user_id) DO UPDATE SET balance = credit_balances.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
        RETURNING balance`,
  );
  return { applied: true, balance: Number(rows[0]!.balance) };
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
  const current = await queryRows<{ balance: string }>(tx, sql`SELECT balance FROM credit_balances WHERE user_id = ${e.userId} FOR UPDATE`);
  const taken = Math.min(Number(current[0]!.balance), e.amount);
  if (taken === 0) {
    // Nothing left to take: still record the cause so a replay is recognised (a zero delta is not an entry).
    return { applied: false, taken: 0, balance: 0 };
  }
  const id = await append(tx, e.userId, -taken, e.reason, e.sourceType, e.sourceId, now);
  if (!id) return { applied: false, taken: 0, balance: await readBalance(tx, e.userId) };
  const rows = await queryRows<{ balance: string }>(
    tx,
    sql`UPDATE credit_balances SET balance = balance - ${taken}, updated_at = ${now.toISOString()}
        WHERE user_id = ${e.userId} AND balance >= ${taken} RETURNING balance`,
  );
  return { applied: true, taken, balance: Number(rows[0]!.balance) };
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
    const existing = await queryRows<{ id: string; user_id: string }>(
      tx,
      sql`SELECT id, user_id FROM credit_reservations WHERE source_type = ${e.sourceType} AND source_id = ${e.sourceId}`,
    );
    if (existing[0]) {
      // The same cause reserving twice gets its first reservation back, not a second hold.
      if (existing[0].user_id !== e.userId) throw new HttpError(409, 'RESERVATION_CONFLICT', 'This reservation belongs to someone else');
      return { reservationId: existing[0].id, balance: await readBalance(tx, e.userId) };
    }
    const spent = await queryRows<{ balance: string }>(
      tx,
      sql`UPDATE credit_balances SET balance = balance - ${e.amount}, updated_at = ${now.toISOString()}
          WHERE user_id = ${e.userId} AND balance >= ${e.amount} RETURNING balance`,
    );
    if (!spent[0]) throw insufficientCredits();
    const reservation = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO credit_reservations (user_id, amount, reason, source_type, source_id, created_at)
          VALUES (${e.userId}, ${e.amount}, ${e.reason}, ${e.sourceType}, ${e.sourceId}, ${now.toISOString()})
          ON CONFLICT (source_type, source_id) DO NOTHING RETURNING id`,
    );
    // A concurrent twin won the insert: undo our hold by failing the whole transaction.
    if (!reservation[0]) throw new HttpError(409, 'RESERVATION_CONFLICT', 'This charge is already being processed');
    const reservationId = reservation[0].id;
    await append(tx, e.userId, -e.amount, e.reason, 'reservation', reservationId, now);
    return { reservationId, balance: Number(spent[0].balance) };
  });
}

async function closeReservation(ctx: AppContext, reservationId: string, actualAmount: number | null): Promise<{ balance: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const found = await queryRows<{ user_id: string; amount: string; status: string }>(
      tx,
      sql`SELECT user_id, amount, status FROM credit_reservations WHERE id = ${reservationId}`,
    );
    const row = found[0];
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'Reservation not found');
    const amount = Number(row.amount);
    if (actualAmount !== null && actualAmount > amount) {
      throw new HttpError(400, 'INVALID_AMOUNT', 'Cannot charge more than was reserved');
    }
    const charged = actualAmount ?? 0;
    // Only the first close wins; repeats (and a settle after a release) change nothing.
    const closed = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE credit_reservations SET status = ${actualAmount === null ? 'released' : 'settled'}, charged = ${charged}, closed_at = ${now.toISOString()}
          WHERE id = ${reservationId} AND status = 'held' RETURNING id`,
    );
    if (!closed[0]) return { balance: await readBalance(tx, row.user_id) };
    const back = amount - charged;
    if (back === 0) return { balance: await readBalance(tx, row.user_id) };
    const reason = actualAmount === null ? 'Reservation released' : 'Unused part of a reservation';
    return grantIn(tx, now, { userId: row.user_id, amount: back, reason, sourceType: 'reservation-return', sourceId: reservationId });
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
    const rows = await queryRows<{ balance: string }>(
      tx,
      sql`UPDATE credit_balances SET balance = balance - ${e.amount}, updated_at = ${now.toISOString()}
          WHERE user_id = ${e.userId} AND balance >= ${e.amount} RETURNING balance`,
    );
    if (!rows[0]) throw insufficientCredits();
    return { applied: true, balance: Number(rows[0].balance) };
  });
}
