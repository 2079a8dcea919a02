import type { Preferences } from '@yumi/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { userPreferences } from '../../db/schema';

export async function findPreferences(db: Db, userId: string) {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row;
}

/** One row per user: a save replaces the previous preferences. */
export async function upsertPreferences(db: Db, userId: string, data: Preferences, updatedAt: Date) {
  await db
    .insert(userPreferences)
    .values({ userId, data, updatedAt })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { data, updatedAt } });
}
