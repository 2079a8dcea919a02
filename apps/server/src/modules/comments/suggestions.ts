import { roleAllows, type CommentAnchor } from '@yumi/core';
import * as Y from 'yjs';
import type { AppContext } from '../../context';
import { announceCommentsChange } from '../documents';
import * as errors from './errors';
import * as repo from './repository';
import { checkAnchor, openThread, refusal, roleOn, threadOf, writerOn, type ThreadResult } from './service';

/**
 * Suggestions (track changes, issue 32): threads whose opening proposes replacing its quote with other text.
 * Commenters and up suggest; an editor or the owner accepts (the live text changes) or rejects (it does not).
 */

/** The live documents, as suggestions need them (app.ts passes collab's LiveDocuments; comments may not import collab). */
export interface LiveEdit {
  /**
   * Runs `change` on the document's live text in one Yjs transaction, one edit that every open editor
   * receives, and stores the document before it returns. A `change` that throws before touching the text leaves it as it was.
   * `by` are who made the edit: authors of the history's next version.
   */
  edit(documentId: string, change: (text: Y.Text) => void, by?: string[]): Promise<void>;
}

type Proposal = { anchor: CommentAnchor; quote: string; insert: string };

/** The range's text is no longer the quote (or the range is gone): applying it would change other words. */
class StaleSuggestion extends Error {}

/** An editor or the owner decides; a commenter may only suggest and reply. */
async function deciderOn(ctx: AppContext, userId: string, documentId: string): Promise<void> {
  if (!roleAllows(await roleOn(ctx, userId, documentId), 'editor')) throw errors.decideNotAllowed();
}

/** Where an anchor position is in the live text now; null when that text does not hold it. */
function indexIn(text: Y.Text, base64: string | null): number | null {
  if (base64 === null) return null;
  const position = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(Buffer.from(base64, 'base64')), text.doc!);
  return position && position.type === text ? position.index : null;
}

/** Replaces the suggestion's range with its text, when the range still reads as the quote. */
function applyTo(text: Y.Text, row: repo.CommentRow): void {
  const from = indexIn(text, row.anchorStart);
  const end = indexIn(text, row.anchorEnd);
  if (from === null || end === null) throw new StaleSuggestion();
  const to = Math.max(from, end);
  if (text.toString().slice(from, to) !== row.quote) throw new StaleSuggestion();
  text.delete(from, to - from);
  text.insert(from, row.suggestion ?? '');
}

/**
 * Marks one open suggestion accepted, then applies it to the live text, outside any database transaction
 * (the live store opens its own, and PGlite has one connection). The mark comes first so that, of two
 * accepts at once, only one edits the text; when the text cannot take it, the mark is undone.
 * 'decided': someone else decided it first; 'stale': it stays open.
 */
async function acceptOne(ctx: AppContext, live: LiveEdit, userId: string, documentId: string, threadId: string): Promise<'accepted' | 'decided' | 'stale'> {
  const row = await repo.decide(ctx.db, documentId, threadId, 'accepted', { at: ctx.clock.now(), by: userId });
  if (!row) return 'decided';
  let applied = false;
  try {
    await live.edit(
      documentId,
      (text) => {
        applyTo(text, row);
        applied = true;
      },
      // The history credits both: who wrote the words and who let them into the text.
      [row.authorId, userId],
    );
    return 'accepted';
  } catch (err) {
    // Once the text has changed the suggestion is accepted, even should storing fail (the live document keeps it).
    if (!applied) await repo.undoAccept(ctx.db, row.id);
    if (err instanceof StaleSuggestion) return 'stale';
    throw err;
  }
}

export async function create(ctx: AppContext, authorId: string, documentId: string, input: Proposal): Promise<ThreadResult> {
  // The opening's body is empty: the proposed text is what it says; the discussion goes in replies.
  const row = await openThread(ctx, authorId, documentId, { anchor: input.anchor, quote: input.quote, body: '', suggestion: input.insert });
  return { thread: await threadOf(ctx, documentId, row.id), mailed: [] };
}

/** Its author changes an open suggestion, as they go on typing. */
export async function revise(ctx: AppContext, userId: string, documentId: string, threadId: string, input: Proposal): Promise<ThreadResult> {
  await writerOn(ctx, userId, documentId);
  checkAnchor(input.anchor);
  const opening = await repo.findOpening(ctx.db, documentId, threadId);
  if (!opening) throw errors.threadNotFound();
  if (opening.suggestion !== null && opening.authorId !== userId) throw errors.notSuggestionAuthor();
  const values = { anchorStart: input.anchor.start, anchorEnd: input.anchor.end, quote: input.quote, suggestion: input.insert };
  if (!(await repo.reviseSuggestion(ctx.db, documentId, threadId, values))) throw await refusal(ctx, documentId, threadId, 'suggestion');
  await announceCommentsChange(ctx, documentId);
  return { thread: await threadOf(ctx, documentId, threadId), mailed: [] };
}

export async function accept(ctx: AppContext, live: LiveEdit, userId: string, documentId: string, threadId: string): Promise<ThreadResult> {
  await deciderOn(ctx, userId, documentId);
  const result = await acceptOne(ctx, live, userId, documentId, threadId);
  if (result === 'decided') throw await refusal(ctx, documentId, threadId, 'suggestion');
  if (result === 'stale') throw errors.suggestionStale();
  await announceCommentsChange(ctx, documentId);
  return { thread: await threadOf(ctx, documentId, threadId), mailed: [] };
}

export async function reject(ctx: AppContext, userId: string, documentId: string, threadId: string): Promise<ThreadResult> {
  await deciderOn(ctx, userId, documentId);
  if (!(await repo.decide(ctx.db, documentId, threadId, 'rejected', { at: ctx.clock.now(), by: userId }))) {
    throw await refusal(ctx, documentId, threadId, 'suggestion');
  }
  await announceCommentsChange(ctx, documentId);
  return { thread: await threadOf(ctx, documentId, threadId), mailed: [] };
}

/**
 * Accepts every open suggestion, oldest first, each as `accept` would; a stale one stays open and counts as
 * skipped (one decided meanwhile by someone else counts as neither).
 */
export async function acceptAll(ctx: AppContext, live: LiveEdit, userId: string, documentId: string): Promise<{ accepted: number; skipped: number }> {
  await deciderOn(ctx, userId, documentId);
  const counts = { accepted: 0, skipped: 0, decided: 0 };
  for (const id of await repo.openSuggestionIds(ctx.db, documentId)) {
    const result = await acceptOne(ctx, live, userId, documentId, id);
    counts[result === 'stale' ? 'skipped' : result] += 1;
  }
  if (counts.accepted > 0) await announceCommentsChange(ctx, documentId);
  return { accepted: counts.accepted, skipped: counts.skipped };
}

export async function rejectAll(ctx: AppContext, userId: string, documentId: string): Promise<{ rejected: number }> {
  await deciderOn(ctx, userId, documentId);
  const rejected = await repo.rejectOpenSuggestions(ctx.db, documentId, { at: ctx.clock.now(), by: userId });
  if (rejected > 0) await announceCommentsChange(ctx, documentId);
  return { rejected };
}
