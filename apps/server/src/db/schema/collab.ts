import { bigserial, customType, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documents } from './documents';
import { fkey } from './keys';

/** PostgreSQL bytea as a Uint8Array (node-postgres and PGlite both read it as one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The Yjs state of a document edited live (issue 32): the one source of its text from then on; documents.content
 * is derived from it on every store. `bytes` is the encoded state's length, kept for the size bound and sizing.
 */
export const collabStates = pgTable(
  'collab_states',
  {
    documentId: uuid('document_id').primaryKey(),
    state: bytea('state').notNull(),
    bytes: integer('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [fkey(t.documentId, documents.id, 'cascade')],
);

/**
 * Yjs updates too large for a NOTIFY payload (PostgreSQL caps it at 8000 bytes), parked for the seconds the
 * other server processes need to read them: the notice names the row. Rows older than a minute are pruned.
 */
export const collabRelay = pgTable(
  'collab_relay',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: uuid('document_id').notNull(),
    payload: bytea('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [fkey(t.documentId, documents.id, 'cascade'), index('collab_relay_created_idx').on(t.createdAt)],
);
