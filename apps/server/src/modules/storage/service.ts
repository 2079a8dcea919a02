import { STORAGE_QUOTA_EXCEEDED, type StorageUsage } from '@yumi/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { HttpError } from '../../lib/http-error';
import { storageUsed } from '../../providers/blob/registry';
import { STORAGE_MESSAGES } from './messages';

/** First key of the per-user storage lock (pg_advisory_xact_lock(int, int)); the second is the user id's hash. */
const STORAGE_LOCK = 0x59756d69;

/** "1.2 GB", "340 MB", "12 KB": units read the same in all four languages. */
function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

function quotaExceeded(used: number, quota: number): HttpError {
  return new HttpError(413, STORAGE_QUOTA_EXCEEDED, STORAGE_MESSAGES.quotaExceeded, { usedBytes: used, quotaBytes: quota }, undefined, {
    used: formatBytes(used),
    quota: formatBytes(quota),
  });
}

export async function getUsage(ctx: AppContext, userId: string): Promise<StorageUsage> {
  return { usedBytes: await storageUsed(ctx.db, userId), quotaBytes: ctx.config.STORAGE_QUOTA_BYTES };
}

/**
 * Call inside the transaction that wrote a user's new blob-referencing rows, after writing them: refuses
 * (413, rolling the rows back) when the user's files now pass the quota. The per-user lock makes concurrent
 * uploads of one user take turns, and the sum is read after the lock, so each sees the others' committed
 * rows: two uploads can never both squeeze past the quota.
 */
export async function enforceQuota(ctx: AppContext, tx: Pick<Db, 'execute' | 'select'>, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${STORAGE_LOCK}::int, hashtext(${userId}))`);
  const used = await storageUsed(tx, userId);
  if (used > ctx.config.STORAGE_QUOTA_BYTES) throw quotaExceeded(used, ctx.config.STORAGE_QUOTA_BYTES);
}

/**
 * A cheap early refusal before costly work whose result is stored later (an image job): a user already at the
 * quota is told now rather than after the generation. The write itself still goes through `enforceQuota`.
 */
export async function assertStorageLeft(ctx: AppContext, userId: string): Promise<void> {
  const used = await storageUsed(ctx.db, userId);
  if (used >= ctx.config.STORAGE_QUOTA_BYTES) throw quotaExceeded(used, ctx.config.STORAGE_QUOTA_BYTES);
}
