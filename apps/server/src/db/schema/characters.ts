import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { fkey } from './keys';

/** Layer metadata of a stored version; pixels live in the blob store under `blobKey`. */
export interface StoredCanvas {
  width: number;
  height: number;
  activeLayerIndex: number;
  /** The symmetry ruler (canvasData.symmetry); absent in older versions. */
  symmetry?: { mode: string; count: number; cx: number; cy: number };
  layers: { name: string; visible: boolean; opacity: number; blendMode: string; locked: boolean; alphaLock?: boolean; clipping?: boolean; group?: boolean; passThrough?: boolean; parent?: number | null; blobKey: string | null }[];
}

export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    thumbnail: text('thumbnail').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    brief: jsonb('brief').$type<Record<string, unknown>>().notNull(),
    activeVersionId: uuid('active_version_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull(),
    /** The id a device gave a character made offline (unique per user): a repeated send finds the first. */
    clientId: uuid('client_id'),
  },
  (t) => [
    fkey(t.userId, users.id, 'cascade'),
    index('characters_user_idx').on(t.userId, t.lastModified.desc().nullsFirst()),
    uniqueIndex('characters_client_id_idx').on(t.userId, t.clientId).where(sql`client_id IS NOT NULL`),
  ],
);

export const characterVersions = pgTable(
  'character_versions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    characterId: uuid('character_id').notNull(),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    metadata: jsonb('metadata').$type<{ pose: string | null; colors: string[]; expression: string | null }>().notNull(),
    canvas: jsonb('canvas').$type<StoredCanvas>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    fkey(t.characterId, characters.id, 'cascade'),
    unique('character_versions_character_id_seq_key').on(t.characterId, t.seq),
    index('character_versions_character_idx').on(t.characterId, t.seq),
  ],
);

export const characterVersionBlobs = pgTable(
  'character_version_blobs',
  {
    versionId: uuid('version_id').notNull(),
    blobKey: text('blob_key').notNull(),
  },
  (t) => [
    primaryKey({ name: 'character_version_blobs_pkey', columns: [t.versionId, t.blobKey] }),
    fkey(t.versionId, characterVersions.id, 'cascade'),
    index('character_version_blobs_key_idx').on(t.blobKey),
  ],
);
