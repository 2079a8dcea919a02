import { z } from 'zod';

/**
 * Comments on a shared document's text (issue 32). A thread is anchored to a range by two Yjs relative
 * positions (Y.encodeRelativePosition, base64), so it stays on its text while others edit around it; the
 * quote is the text as it was when the thread began, shown when the range has since been deleted.
 * Viewers read comments; commenters, editors and the owner write, reply, resolve and reopen.
 */
export const MAX_COMMENT_CHARS = 2_000;
export const MAX_QUOTE_CHARS = 300;
/** Comments (thread openings and replies together) in one document. */
export const MAX_COMMENTS_PER_DOCUMENT = 1_000;
/** People one comment can mention (each is mailed once). */
export const MAX_MENTIONS_PER_COMMENT = 10;

/** An encoded Y.RelativePosition: a few dozen bytes in base64; the server decodes it before storing. */
const anchorPositionSchema = z
  .string()
  .min(4)
  .max(256)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/);
export const commentAnchorSchema = z.strictObject({ start: anchorPositionSchema, end: anchorPositionSchema });
export type CommentAnchor = z.infer<typeof commentAnchorSchema>;

const bodySchema = z.string().trim().min(1).max(MAX_COMMENT_CHARS);

/** `@name` in a comment mentions the person with that user name, when they have access to the document. */
export const MENTION_PATTERN = /(?<![\p{L}\p{N}_.-])@([\p{L}\p{N}_.-]{2,32})/gu;

/** The distinct names a comment mentions, in order of appearance (a trailing full stop is not part of a name). */
export function mentionedNames(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(MENTION_PATTERN)) {
    const name = match[1]!.replace(/[.]+$/, '');
    if (name.length >= 2) names.add(name);
  }
  return [...names];
}

export const commentSchema = z.object({
  id: z.uuid(),
  authorId: z.uuid(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type DocumentComment = z.infer<typeof commentSchema>;

/**
 * Suggestions (track changes): a thread that proposes to replace its anchored range (the quote, possibly
 * empty for an insertion) with `insert` (empty for a deletion). The text changes only when an editor accepts
 * it; a reject leaves it as it was. Both close the thread and say who decided.
 */
export const MAX_SUGGESTION_CHARS = 5_000;
export const SUGGESTION_OUTCOMES = ['accepted', 'rejected'] as const;
export type SuggestionOutcome = (typeof SUGGESTION_OUTCOMES)[number];

export const suggestionSchema = z.object({ insert: z.string(), outcome: z.enum(SUGGESTION_OUTCOMES).nullable() });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const commentThreadSchema = z.object({
  id: z.uuid(),
  anchor: commentAnchorSchema,
  quote: z.string(),
  /** Null for a plain comment. */
  suggestion: suggestionSchema.nullable(),
  resolved: z.boolean(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The opening comment first, then the replies, oldest first. */
  comments: z.array(commentSchema).min(1),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const commentThreadsSchema = z.object({ threads: z.array(commentThreadSchema) });

export const createThreadSchema = z.strictObject({
  anchor: commentAnchorSchema,
  quote: z.string().min(1).max(MAX_QUOTE_CHARS),
  body: bodySchema,
});
/** A suggestion as its author proposes (or, while it is open, revises) it; at least one side is not empty. */
export const suggestSchema = z
  .strictObject({
    anchor: commentAnchorSchema,
    quote: z.string().max(MAX_SUGGESTION_CHARS),
    insert: z.string().max(MAX_SUGGESTION_CHARS),
  })
  .refine((s) => s.quote.length > 0 || s.insert.length > 0, { message: 'A suggestion inserts or deletes something', path: ['insert'] });

/** What "accept all" did: suggestions whose text has changed since are left open and counted. */
export const acceptAllResultSchema = z.object({ accepted: z.number().int(), skipped: z.number().int() });
export const rejectAllResultSchema = z.object({ rejected: z.number().int() });

export const replySchema = z.strictObject({ body: bodySchema });
export const resolveThreadSchema = z.strictObject({ resolved: z.boolean() });

/** A thread as it is now, and who of the mentioned was mailed (names without access are left out). */
export const threadResultSchema = z.object({ thread: commentThreadSchema, mailed: z.array(z.string()) });

export const threadParamsSchema = z.object({ id: z.uuid(), threadId: z.uuid() });
export const replyParamsSchema = z.object({ id: z.uuid(), threadId: z.uuid(), commentId: z.uuid() });
