import { eq, lt, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/connection';
import { collabRelay, collabStates } from '../../db/schema';

/** The stored Yjs state of a live document, or null before its first live edit. */
async function loadState(db: Runner, documentId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ state: collabStates.state }).from(collabStates).where(eq(collabStates.documentId, documentId)).limit(1);
  return row ? new Uint8Array(row.state) : null;
}

/** Lock key space of live documents (pg_advisory_xact_lock(int, int)), beside the other modules' own. */
const LIVE_LOCK = 0x796a73;

/**
 * The stored state under a per-document lock held until the transaction ends, so a process storing reads what
 * another stored before it (an advisory lock, since the first store has no row to lock).
 */
export async function lockState(tx: Runner, documentId: string): Promise<Uint8Array | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LIVE_LOCK}::int, hashtext(${documentId}))`);
  return loadState(tx, documentId);
}

export async function saveState(db: Runner, documentId: string, state: Uint8Array, now: Date): Promise<void> {
  await db
    .insert(collabStates)
    .values({ documentId, state, bytes: state.byteLength, updatedAt: now })
    .onConflictDoUpdate({ target: collabStates.documentId, set: { state, bytes: state.byteLength, updatedAt: now } });
}

/** How long a parked update waits for the other processes to read it (they do within milliseconds). */
const PARKED_FOR = sql`interval '1 minute'`;

/** Parks an update too large for a NOTIFY payload and answers its row id; clears what no one reads any more. */
export async function parkUpdate(db: Db, documentId: string, payload: Uint8Array): Promise<number> {
  await db.delete(collabRelay).where(lt(collabRelay.createdAt, sql`now() - ${PARKED_FOR}`));
  const [row] = await db.insert(collabRelay).values({ documentId, payload }).returning({ id: collabRelay.id });
  return row!.id;
}

export async function parkedUpdate(db: Db, id: number): Promise<Uint8Array | null> {
  const [row] = await db.select({ payload: collabRelay.payload }).from(collabRelay).where(eq(collabRelay.id, id)).limit(1);
  return row ? new Uint8Array(row.payload) : null;
}
