import { z } from 'zod';

/** GET /api/me/storage: bytes the signed-in user's files take and the quota they may take. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The error code of a write refused because the user's files would pass their storage quota (413). */
export const STORAGE_QUOTA_EXCEEDED = 'STORAGE_QUOTA_EXCEEDED';
