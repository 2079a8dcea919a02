import {
  ARTWORK_MAX_BYTES,
  BILLING_MESSAGES,
  REWARDS,
  type Contribution,
  type ContributionsResponse,
  type ReferenceArtwork,
  type ReviewItem,
  type ReviewRequest,
  type User,
} from '@yumi/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/http-error';
import { entriesBySource, grantIn } from '../billing';
import { enforceQuota } from '../storage';
import { artworks } from '../../db/schema';
import { recordAudit } from '../admin';
import { reencodeArtwork, sniffImageType } from './image';
import * as repo from './repository';

const fileUrl = (key: string) => `/api/art/files/${key}`;

function rewardOf(row: repo.ArtworkRow, rewards: Map<string, number>): number {
  return rewards.get(row.id) ?? 0;
}

function toContribution(row: repo.ArtworkRow, reward = 0): Contribution {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    exceptional: row.exceptional,
    consentToShow: row.consentToShow,
    rejectionReason: row.rejectionReason,
    reward,
    width: row.width,
    height: row.height,
    imageUrl: fileUrl(row.thumbKey),
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

const notAnImage = () => new HttpError(415, 'NOT_AN_IMAGE', BILLING_MESSAGES.selectImage);
export const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', BILLING_MESSAGES.fileTooLarge, undefined, { connection: 'close' });

export interface UploadInput {
  data: Buffer;
  title: string;
  tags: string[];
  consentToShow: boolean;
}

/** Stores a checked, re-encoded upload as a pending contribution. */
export async function uploadArtwork(ctx: AppContext, user: User, input: UploadInput): Promise<Contribution> {
  if (input.data.length === 0 || !sniffImageType(input.data.subarray(0, 16))) throw notAnImage();
  if (input.data.length > ARTWORK_MAX_BYTES) throw tooLarge();
  await ctx.rateLimits.hit(`art-upload:${user.id}`, ctx.config.ART_UPLOADS_PER_HOUR, 3600);
  let encoded: Awaited<ReturnType<typeof reencodeArtwork>>;
  try {
    encoded = await reencodeArtwork(input.data);
  } catch (err) {
    // Too large (from the header) is said as such; anything else that does not decode is not an image.
    if (err instanceof HttpError && err.code === 'IMAGE_TOO_LARGE') throw err;
    throw notAnImage();
  }
  const [image, thumb] = await Promise.all([ctx.blobs.put(encoded.image, 'image/webp'), ctx.blobs.put(encoded.thumb, 'image/webp')]);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertArtwork(tx, {
      userId: user.id,
      title: input.title,
      tags: input.tags,
      blobKey: image.key,
      thumbKey: thumb.key,
      contentType: 'image/webp',
      width: encoded.width,
      height: encoded.height,
      sizeBytes: image.size,
      consentToShow: input.consentToShow,
      createdAt: ctx.clock.now(),
    });
    await enforceQuota(ctx, tx, user.id);
    return inserted;
  });
  return toContribution(row);
}

/** Rewards granted per artwork, from the ledger (the one source of truth). */
async function rewardsByArtwork(ctx: AppContext, userId: string, artworks: repo.ArtworkRow[]): Promise<{ perArtwork: Map<string, number>; total: number }> {
  const firstApproved = artworks
    .filter((a) => a.status === 'approved' && a.reviewedAt)
    .sort((a, b) => a.reviewedAt!.getTime() - b.reviewedAt!.getTime())[0];
  const rows = await entriesBySource(ctx, userId, 'art-');
  const perArtwork = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    total += r.delta;
    // The first-contribution bonus is keyed by the user; it is shown on the first approved artwork.
    const artworkId = r.sourceType === 'art-first-bonus' ? (firstApproved?.id ?? '') : r.sourceId;
    perArtwork.set(artworkId, (perArtwork.get(artworkId) ?? 0) + r.delta);
  }
  return { perArtwork, total };
}

export async function listContributions(ctx: AppContext, userId: string): Promise<ContributionsResponse> {
  const rows = await repo.listForUser(ctx.db, userId);
  const rewards = await rewardsByArtwork(ctx, userId, rows);
  return {
    stats: {
      pendingContributions: rows.filter((r) => r.status === 'pending').length,
      approvedContributions: rows.filter((r) => r.status === 'approved').length,
      totalRewardsEarned: rewards.total,
    },
    contributions: rows.map((r) => toContribution(r, rewardOf(r, rewards.perArtwork))),
  };
}

function toReviewItem(row: { artwork: repo.ArtworkRow; username: string }, reward = 0): ReviewItem {
  return { ...toContribution(row.artwork, reward), imageUrl: fileUrl(row.artwork.blobKey), userId: row.artwork.userId, username: row.username };
}

export async function reviewQueue(ctx: AppContext, status: repo.ArtworkRow['status']): Promise<ReviewItem[]> {
  return (await repo.listByStatus(ctx.db, status)).map((r) => toReviewItem(r));
}

/**
 * One decision per artwork: the conditional UPDATE (status = 'pending') lets exactly one reviewer win,
 * and every reward is a ledger entry keyed by its cause, written in the same transaction.
 */
export async function reviewArtwork(ctx: AppContext, reviewer: User, id: string, decision: ReviewRequest) {
  const found = await repo.findWithOwner(ctx.db, id);
  if (!found) throw notFound('Artwork');
  if (found.artwork.userId === reviewer.id) throw new HttpError(403, 'OWN_ARTWORK', 'You cannot review your own artwork');
  const now = ctx.clock.now();
  const rewardGranted = await ctx.db.transaction(async (tx) => {
    const approved = decision.decision === 'approve';
    const [updated] = await tx
      .update(artworks)
      .set({
        status: approved ? 'approved' : 'rejected',
        exceptional: approved && decision.exceptional,
        rejectionReason: approved ? null : decision.reason,
        reviewedBy: reviewer.id,
        reviewedAt: now,
      })
      .where(and(eq(artworks.id, id), eq(artworks.status, 'pending')))
      .returning({ userId: artworks.userId });
    if (!updated) throw new HttpError(409, 'ALREADY_REVIEWED', 'This artwork has already been reviewed');
    await recordAudit(tx, {
      at: now,
      actorId: reviewer.id,
      actor: reviewer.email,
      action: approved ? 'art.approve' : 'art.reject',
      targetType: 'artwork',
      targetId: id,
      targetLabel: found.artwork.title,
      details: approved ? { exceptional: decision.exceptional, owner: found.username } : { reason: decision.reason, owner: found.username },
    });
    if (!approved) return 0;
    const owner = updated.userId;
    let total = 0;
    const give = async (amount: number, reason: string, sourceType: string, sourceId: string) => {
      const r = await grantIn(tx, now, { userId: owner, amount, reason, sourceType, sourceId });
      if (r.applied) total += amount;
    };
    await give(REWARDS.approvedArtwork, 'Artwork approved', 'art-approved', id);
    // Keyed by the user: the first-contribution bonus can exist once per account, whatever the race.
    await give(REWARDS.firstContributionBonus, 'First approved contribution bonus', 'art-first-bonus', owner);
    if (decision.exceptional) await give(REWARDS.exceptionalBonus, 'Exceptional artwork bonus', 'art-exceptional', id);
    return total;
  });
  const after = await repo.findWithOwner(ctx.db, id);
  return { item: toReviewItem(after!, rewardGranted), rewardGranted };
}

/**
 * A stored artwork file. <img> cannot send a bearer header, so the file's SHA-256 key is the capability:
 * it is only handed out to the owner, to admins, and (once approved with consent) in the reference
 * library. Only keys that belong to an artwork are served, never other modules' blobs.
 */
export async function artworkFile(ctx: AppContext, key: string) {
  const rows = await repo.findByBlobKey(ctx.db, key);
  if (rows.length === 0) throw notFound('File');
  return { isPublic: rows.some((r) => r.status === 'approved' && r.consentToShow) };
}

/**
 * Approved contributions whose authors agreed to show them: the reference library the anime photo search
 * reads. Every word of the query must appear in the title or a tag; an empty query lists the newest.
 */
export async function listReferenceArtworks(ctx: AppContext, query: { q?: string; limit?: number } = {}): Promise<ReferenceArtwork[]> {
  const words = (query.q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.slice(0, 40));
  const limit = Math.min(Math.max(query.limit ?? 24, 1), 100);
  const rows = await repo.searchReferences(ctx.db, words, limit);
  return rows.map((r) => ({ id: r.id, title: r.title, tags: r.tags, imageUrl: fileUrl(r.blobKey), width: r.width, height: r.height }));
}
