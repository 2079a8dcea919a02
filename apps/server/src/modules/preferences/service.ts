import { preferencesSchema, type Preferences, type PreferencesResponse } from '@yumi/core';
import type { AppContext } from '../../context';
import * as repo from './repository';

export async function getPreferences(ctx: AppContext, userId: string): Promise<PreferencesResponse> {
  const row = await repo.findPreferences(ctx.db, userId);
  if (!row) return { preferences: null, updatedAt: null };
  // Rows written by an older schema are re-validated; what no longer parses is treated as absent.
  const parsed = preferencesSchema.safeParse(row.data);
  return parsed.success ? { preferences: parsed.data, updatedAt: row.updatedAt.toISOString() } : { preferences: null, updatedAt: null };
}

export async function savePreferences(ctx: AppContext, userId: string, preferences: Preferences): Promise<PreferencesResponse> {
  const now = ctx.clock.now();
  await repo.upsertPreferences(ctx.db, userId, preferences, now);
  return { preferences, updatedAt: now.toISOString() };
}
