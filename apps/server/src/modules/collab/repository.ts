import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { collabStates } from '../../db/schema';

/** The stored Yjs state of a live document, or null before its first live edit. */
export async function loadState(db: Db, documentId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ state: collabStates.state }).from(collabStates).where(eq(collabStates.documentId, documentId)).limit(1);
  return row ? new Uint8Array(row.state) : null;
}

export async function saveState(db: Db, documentId: string, state: Uint8Array, now: Date): Promise<void> {
  await db
    .insert(collabStates)
    .values({ documentId, state, bytes: state.byteLength, updatedAt: now })
    .onConflictDoUpdate({ target: collabStates.documentId, set: { state, bytes: state.byteLength, updatedAt: now } });
}
