import { z } from 'zod';
import { CONTROL_LEVELS, HELPER_MODES, YUMI_PERSONALITIES } from './writing/control';
import { HISTORY_CAP, HISTORY_KINDS } from './writing/history';

/** Documents of the Writing and Report Helpers (issue 5). Sizes in characters. */
export const MAX_DOCUMENT_CHARS = 500_000;
export const MAX_DOCUMENT_TITLE = 200;
export const MAX_DOCUMENTS_PER_USER = 1000;
/** The largest value of a PostgreSQL integer column: request integers stored in one are bounded by it. */
export const INT4_MAX = 2_147_483_647;
export const DOCUMENT_KINDS = HELPER_MODES;

export const documentKindSchema = z.enum(DOCUMENT_KINDS);
const titleSchema = z.string().trim().max(MAX_DOCUMENT_TITLE);
const contentSchema = z.string().max(MAX_DOCUMENT_CHARS, `A document holds at most ${MAX_DOCUMENT_CHARS} characters`);

export const documentSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: documentKindSchema,
  version: z.number().int(),
  words: z.number().int(),
  characters: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentSchema = documentSummarySchema.extend({
  content: z.string(),
  /** My role on it (issue 32): 'owner' for my own; absent from servers before sharing. */
  role: z.enum(['owner', 'editor', 'commenter', 'viewer']).optional(),
  /** Shared with anyone (members or a link): its text is then edited live through /api/collab. */
  collaborative: z.boolean().optional(),
});
export type WritingDocument = z.infer<typeof documentSchema>;

export const documentListQuerySchema = z.object({ kind: documentKindSchema.optional() });
export const documentListSchema = z.object({ documents: z.array(documentSummarySchema) });

export const createDocumentSchema = z.strictObject({
  title: titleSchema.optional(),
  content: contentSchema.optional(),
  kind: documentKindSchema.optional(),
  /** The id the device gave a document made offline: sending it again answers the document made the first time. */
  clientId: z.uuid().optional(),
});
export type CreateDocumentRequest = z.infer<typeof createDocumentSchema>;

/** An update names the version it was based on; a newer version on the server answers 409. */
export const updateDocumentSchema = z
  .strictObject({
    title: titleSchema.optional(),
    content: contentSchema.optional(),
    // The version is an int4 column: past it would be a database error, not a stale version.
    version: z.number().int().min(1).max(INT4_MAX),
  })
  .refine((b) => b.title !== undefined || b.content !== undefined, { message: 'Nothing to update' });
export type UpdateDocumentRequest = z.infer<typeof updateDocumentSchema>;

export const documentIdParamsSchema = z.object({ id: z.uuid() });
/**
 * A delete may name the version it was decided on (a delete made offline, sent later): a newer version on
 * the server answers 409 DOCUMENT_CHANGED with the current document, and nothing is deleted.
 */
export const deleteDocumentQuerySchema = z.strictObject({ version: z.coerce.number().int().min(1).max(INT4_MAX).optional() });

/** Per-user creative control settings and writing history, one record per helper mode. */
export const controlSettingsSchema = z.strictObject({
  level: z.enum(CONTROL_LEVELS),
  yumiPersonality: z.enum(YUMI_PERSONALITIES),
  allowSuggestions: z.boolean(),
  memoryNudges: z.boolean(),
  iterativeMode: z.boolean(),
});
const historyList = z.array(z.string().trim().min(1).max(80)).max(HISTORY_CAP);
export const userHistorySchema = z.strictObject({
  recentThemes: historyList,
  favoriteStyles: historyList,
  commonElements: historyList,
  preferredMoods: historyList,
  lastUsedPersonality: z.enum(YUMI_PERSONALITIES).nullable(),
});
export const writingProfileSchema = z.object({
  mode: documentKindSchema,
  controlSettings: controlSettingsSchema,
  userHistory: userHistorySchema,
  updatedAt: z.string().nullable(),
});
export type WritingProfile = z.infer<typeof writingProfileSchema>;
export const profileParamsSchema = z.object({ mode: documentKindSchema });
export const updateProfileSchema = z
  .strictObject({ controlSettings: controlSettingsSchema.optional(), userHistory: userHistorySchema.optional() })
  .refine((b) => b.controlSettings || b.userHistory, { message: 'Nothing to update' });
/** Adds one remembered item (newest first, capped at 10) without a read-modify-write race on the client. */
export const recordHistorySchema = z.strictObject({ kind: z.enum(HISTORY_KINDS), value: z.string().trim().min(1).max(80) });

/**
 * Trending topics and hashtags. Only public sources, or the caller's own documents: `mastodon` is an
 * instance's public trends; `own` the signed-in caller's own hashtags of the last 7 days; `none` an honest
 * empty list (an anonymous caller with no public source: other people's documents are private).
 */
export const trendTagSchema = z.object({ name: z.string(), uses: z.number().int(), url: z.string().nullable() });
export const trendLinkSchema = z.object({ title: z.string(), url: z.string(), uses: z.number().int() });
export const trendsSchema = z.object({
  source: z.enum(['mastodon', 'own', 'none']),
  instance: z.string().nullable(),
  /** Why the public list is not shown: no instance configured, or the instance could not be reached. */
  fallbackReason: z.enum(['not-configured', 'unreachable']).nullable(),
  tags: z.array(trendTagSchema),
  links: z.array(trendLinkSchema),
  fetchedAt: z.string(),
});
export type Trends = z.infer<typeof trendsSchema>;
export const trendsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(40).default(20) });
