import {
  COLLAB_TEXT_FIELD,
  MAX_COMMENTS_PER_DOCUMENT,
  MAX_MENTIONS_PER_COMMENT,
  mentionedNames,
  roleAllows,
  type CommentAnchor,
  type CommentThread,
  type DocumentRole,
  type Language,
  type User,
} from '@yumi/core';
import * as Y from 'yjs';
import type { AppContext } from '../../context';
import type { HttpError } from '../../lib/http-error';
import { contactsByIds, usernamesByIds } from '../auth';
import { announceCommentsChange, documentLink, documentOwner, documentRole, memberIds } from '../documents';
import * as errors from './errors';
import { renderMentionMail } from './mention-mail';
import * as repo from './repository';

export type ThreadResult = { thread: CommentThread; mailed: string[] };

/** The caller's role; a stranger gets the 404 of a missing document, so ids reveal nothing. */
export async function roleOn(ctx: AppContext, userId: string, documentId: string): Promise<DocumentRole> {
  const role = await documentRole(ctx.db, userId, documentId);
  if (!role) throw errors.documentNotFound();
  return role;
}

/** Commenters, editors and the owner write; a viewer only reads. */
export async function writerOn(ctx: AppContext, userId: string, documentId: string): Promise<void> {
  if (!roleAllows(await roleOn(ctx, userId, documentId), 'commenter')) throw errors.readOnly();
}

/**
 * An anchor position must be an encoded Y.RelativePosition: it is decoded and encoded again, and only the same
 * bytes pass (garbage after a valid prefix, or a shape Yjs cannot encode, would break every reader's editor).
 */
function isRelativePosition(base64: string): boolean {
  try {
    const bytes = Buffer.from(base64, 'base64');
    const position = Y.decodeRelativePosition(bytes);
    if (position.tname !== null && position.tname !== COLLAB_TEXT_FIELD) return false;
    return Buffer.from(Y.encodeRelativePosition(position)).equals(bytes);
  } catch {
    return false;
  }
}

export function checkAnchor(anchor: CommentAnchor): void {
  if (!isRelativePosition(anchor.start) || !isRelativePosition(anchor.end)) throw errors.badAnchor();
}

/** Rows of one document, oldest first, as threads: each opening followed by its replies. */
async function toThreads(ctx: AppContext, rows: repo.CommentRow[]): Promise<CommentThread[]> {
  const names = await usernamesByIds(ctx.db, rows.flatMap((r) => (r.resolvedBy ? [r.authorId, r.resolvedBy] : [r.authorId])));
  const toComment = (r: repo.CommentRow) => ({ id: r.id, authorId: r.authorId, authorName: names.get(r.authorId) ?? '', body: r.body, createdAt: r.createdAt.toISOString() });
  const threads = new Map<string, CommentThread>();
  for (const r of rows) {
    if (r.threadId === null) {
      threads.set(r.id, {
        id: r.id,
        anchor: { start: r.anchorStart ?? '', end: r.anchorEnd ?? '' },
        quote: r.quote ?? '',
        suggestion: r.suggestion === null ? null : { insert: r.suggestion, outcome: r.outcome },
        resolved: r.resolvedAt !== null,
        resolvedBy: r.resolvedBy ? (names.get(r.resolvedBy) ?? '') : null,
        resolvedAt: r.resolvedAt?.toISOString() ?? null,
        comments: [toComment(r)],
      });
    } else {
      threads.get(r.threadId)?.comments.push(toComment(r));
    }
  }
  return [...threads.values()];
}

export async function threadOf(ctx: AppContext, documentId: string, threadId: string): Promise<CommentThread> {
  const [thread] = await toThreads(ctx, await repo.threadComments(ctx.db, documentId, threadId));
  if (!thread) throw errors.threadNotFound(); // deleted in the meantime
  return thread;
}

/**
 * Mails each person with access whom the comment @mentions (names matched whatever their case), once, never
 * the author; answers the names mailed. A name nobody with access has is left alone.
 */
async function mailMentions(ctx: AppContext, author: User, documentId: string, body: string, language: Language): Promise<string[]> {
  const names = mentionedNames(body).slice(0, MAX_MENTIONS_PER_COMMENT).map((n) => n.toLowerCase());
  if (!names.length) return [];
  const doc = await documentOwner(ctx.db, documentId);
  if (!doc) return [];
  const people = await contactsByIds(ctx.db, [doc.userId, ...(await memberIds(ctx.db, [documentId]))]);
  const byName = new Map(people.filter((p) => p.id !== author.id).map((p) => [p.username.toLowerCase(), p]));
  const link = documentLink(ctx, doc.kind, documentId);
  const mailed: string[] = [];
  for (const name of new Set(names)) {
    const person = byName.get(name);
    if (!person) continue;
    ctx.mailer.send(renderMentionMail(language, { to: person.email, author: author.username, title: doc.title, comment: body, link }));
    mailed.push(person.username);
  }
  return mailed;
}

export async function list(ctx: AppContext, userId: string, documentId: string): Promise<CommentThread[]> {
  await roleOn(ctx, userId, documentId);
  return toThreads(ctx, await repo.listComments(ctx.db, documentId));
}

/**
 * Opens a thread, a comment or a suggestion, within the document's cap (commenters and up); the threads are
 * announced to its open editors.
 */
export async function openThread(
  ctx: AppContext,
  authorId: string,
  documentId: string,
  opening: { anchor: CommentAnchor; quote: string; body: string; suggestion?: string },
): Promise<repo.CommentRow> {
  await writerOn(ctx, authorId, documentId);
  checkAnchor(opening.anchor);
  const row = await repo.underCommentLock(ctx.db, documentId, async (tx) => {
    if ((await repo.countComments(tx, documentId)) >= MAX_COMMENTS_PER_DOCUMENT) throw errors.commentLimit();
    return repo.insertComment(tx, {
      documentId,
      authorId,
      body: opening.body,
      anchorStart: opening.anchor.start,
      anchorEnd: opening.anchor.end,
      quote: opening.quote,
      suggestion: opening.suggestion ?? null,
      createdAt: ctx.clock.now(),
    });
  });
  await announceCommentsChange(ctx, documentId);
  return row;
}

export async function create(
  ctx: AppContext,
  author: User,
  documentId: string,
  input: { anchor: CommentAnchor; quote: string; body: string },
  language: Language,
): Promise<ThreadResult> {
  const row = await openThread(ctx, author.id, documentId, input);
  const mailed = await mailMentions(ctx, author, documentId, row.body, language);
  return { thread: await threadOf(ctx, documentId, row.id), mailed };
}

export async function reply(ctx: AppContext, author: User, documentId: string, threadId: string, body: string, language: Language): Promise<ThreadResult> {
  await writerOn(ctx, author.id, documentId);
  await repo.underCommentLock(ctx.db, documentId, async (tx) => {
    if (!(await repo.findOpening(tx, documentId, threadId))) throw errors.threadNotFound();
    if ((await repo.countComments(tx, documentId)) >= MAX_COMMENTS_PER_DOCUMENT) throw errors.commentLimit();
    await repo.insertComment(tx, { documentId, threadId, authorId: author.id, body, createdAt: ctx.clock.now() });
  });
  await announceCommentsChange(ctx, documentId);
  const mailed = await mailMentions(ctx, author, documentId, body, language);
  return { thread: await threadOf(ctx, documentId, threadId), mailed };
}

/**
 * Why a conditional write of a thread changed nothing: the thread is gone, decided, or of the other kind. A
 * suggestion that reads as open here was being accepted by someone else at the time, so it counts as decided.
 */
export async function refusal(ctx: AppContext, documentId: string, threadId: string, needs: 'comment' | 'suggestion'): Promise<HttpError> {
  const opening = await repo.findOpening(ctx.db, documentId, threadId);
  if (!opening) return errors.threadNotFound();
  if (opening.outcome !== null) return errors.suggestionDecided();
  if (needs === 'suggestion') return opening.suggestion === null ? errors.notASuggestion() : errors.suggestionDecided();
  return errors.useDecide();
}

/** Resolving records who and when; reopening clears both. A suggestion closes by its decision instead. */
export async function resolve(ctx: AppContext, userId: string, documentId: string, threadId: string, resolved: boolean): Promise<ThreadResult> {
  await writerOn(ctx, userId, documentId);
  const resolution = resolved ? { at: ctx.clock.now(), by: userId } : null;
  if (!(await repo.setResolved(ctx.db, documentId, threadId, resolution))) throw await refusal(ctx, documentId, threadId, 'comment');
  await announceCommentsChange(ctx, documentId);
  return { thread: await threadOf(ctx, documentId, threadId), mailed: [] };
}

/** A thread goes with its replies; its opening's author or the document's owner may delete it. */
export async function removeThread(ctx: AppContext, userId: string, documentId: string, threadId: string): Promise<void> {
  const role = await roleOn(ctx, userId, documentId);
  await repo.underCommentLock(ctx.db, documentId, async (tx) => {
    const opening = await repo.findOpening(tx, documentId, threadId);
    if (!opening) throw errors.threadNotFound();
    if (opening.authorId !== userId && role !== 'owner') throw errors.notAuthor();
    await repo.deleteComment(tx, opening.id);
  });
  await announceCommentsChange(ctx, documentId);
}

/** A reply's author or the document's owner may delete it. */
export async function removeReply(ctx: AppContext, userId: string, documentId: string, threadId: string, commentId: string): Promise<void> {
  const role = await roleOn(ctx, userId, documentId);
  const found = await repo.findReply(ctx.db, documentId, threadId, commentId);
  if (!found) throw errors.replyNotFound();
  if (found.authorId !== userId && role !== 'owner') throw errors.notAuthor();
  await repo.deleteComment(ctx.db, found.id);
  await announceCommentsChange(ctx, documentId);
}
