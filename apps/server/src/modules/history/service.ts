import {
  AUTO_VERSION_INTERVAL_MS,
  countCharacters,
  MAX_NAMED_VERSIONS,
  MAX_VERSIONS_PER_DOCUMENT,
  roleAllows,
  type DocumentRole,
  type DocumentVersion,
  type DocumentVersionSummary,
} from '@yumi/core';
import type { AppContext } from '../../context';
import type { Db, Runner } from '../../db/connection';
import { usernamesByIds } from '../auth';
import { documentRole, documentText } from '../documents';
import * as errors from './errors';
import * as repo from './repository';

/** The live documents, as history needs them (app.ts passes collab's LiveDocuments). */
export interface LiveText {
  /** Applies a text to the live document (every open editor receives it as one edit) and stores it. */
  replaceText(documentId: string, text: string): Promise<void>;
  /** Stores what was typed here but not stored yet, so "the text as it is now" includes the last keystrokes. */
  flush(documentId: string): Promise<void>;
}

type NewVersion = Pick<repo.VersionRow, 'kind' | 'content'> & Partial<Pick<repo.VersionRow, 'name' | 'createdBy' | 'restoredFrom'>>;

/**
 * Takes a version under the lock: its authors are who edited since the newest one (those rows are then
 * cleared), and past the cap the oldest unnamed versions go. Its time is after the newest version's even
 * when the clock says the same millisecond (a restore's two versions, a frozen test clock), so "newest" has one answer.
 */
async function takeVersion(tx: Runner, documentId: string, version: NewVersion, now: Date, authors?: string[]): Promise<repo.VersionRow> {
  const newestAt = await repo.newestVersionAt(tx, documentId);
  const createdAt = newestAt && newestAt >= now ? new Date(newestAt.getTime() + 1) : now;
  const row = await repo.insertVersion(tx, {
    documentId,
    ...version,
    chars: countCharacters(version.content),
    authors: authors ?? (await repo.takeEditors(tx, documentId)),
    createdAt,
  });
  await repo.pruneVersions(tx, documentId, MAX_VERSIONS_PER_DOCUMENT);
  return row;
}

/**
 * Called after each stored change of a document's text (a REST save, the live document's store): notes who
 * edited, and takes an automatic version when the newest one is at least AUTO_VERSION_INTERVAL_MS old (or
 * there is none) and the text differs from it. Every process calls this for the edits it stored; the lock
 * makes them agree on one version.
 *
 * The very first version of a document should be its text before anyone edited it, or the first edit's
 * "before" could never be seen again. Only the caller knows that text, so it may pass it as `previous`: when
 * the document has no version yet, `previous` becomes one (with no authors: nobody edited it here), and the
 * edit itself waits for the interval like any other; meanwhile the document's text is "now" in every diff.
 * Without `previous` (a live store does not have it), the first version is the edited text.
 */
export async function recordEdit(
  db: Db,
  edit: { documentId: string; userIds: string[]; content: string; previous?: string | undefined; now: Date },
): Promise<void> {
  const { documentId, content, previous, now } = edit;
  await repo.underHistoryLock(db, documentId, async (tx) => {
    await repo.noteEditors(tx, documentId, edit.userIds, now);
    const newest = await repo.newestVersion(tx, documentId);
    if (!newest && previous !== undefined && previous !== content) {
      await takeVersion(tx, documentId, { kind: 'auto', content: previous }, now, []);
      return;
    }
    if (newest && (newest.content === content || now.getTime() - newest.createdAt.getTime() < AUTO_VERSION_INTERVAL_MS)) return;
    await takeVersion(tx, documentId, { kind: 'auto', content }, now);
  });
}

/** The caller's role; a stranger gets the 404 of a missing document, so ids reveal nothing. */
async function roleOn(ctx: AppContext, userId: string, documentId: string): Promise<DocumentRole> {
  const role = await documentRole(ctx.db, userId, documentId);
  if (!role) throw errors.documentNotFound();
  return role;
}

/** Editors and the owner name and restore versions; viewers and commenters only read them. */
async function editorOn(ctx: AppContext, userId: string, documentId: string): Promise<void> {
  if (!roleAllows(await roleOn(ctx, userId, documentId), 'editor')) throw errors.readOnly();
}

/** The document's text as stored now (the live document stores each edit within seconds, a restore at once). */
async function currentText(ctx: AppContext, documentId: string): Promise<string> {
  const text = await documentText(ctx.db, documentId);
  if (text === null) throw errors.documentNotFound(); // deleted in the meantime
  return text;
}

async function toSummaries(ctx: AppContext, rows: repo.VersionSummaryRow[]): Promise<DocumentVersionSummary[]> {
  const names = await usernamesByIds(ctx.db, rows.flatMap((r) => (r.createdBy ? [...r.authors, r.createdBy] : r.authors)));
  const person = (id: string) => {
    const username = names.get(id);
    return username === undefined ? [] : [{ id, username }];
  };
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    chars: r.chars,
    authors: r.authors.flatMap(person),
    createdBy: r.createdBy ? (person(r.createdBy)[0] ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    restoredFrom: r.restoredFrom,
  }));
}

const toSummary = async (ctx: AppContext, row: repo.VersionSummaryRow) => (await toSummaries(ctx, [row]))[0]!;

export async function list(ctx: AppContext, userId: string, documentId: string): Promise<DocumentVersionSummary[]> {
  await roleOn(ctx, userId, documentId);
  return toSummaries(ctx, await repo.listVersions(ctx.db, documentId, MAX_VERSIONS_PER_DOCUMENT));
}

export async function get(ctx: AppContext, userId: string, documentId: string, versionId: string): Promise<DocumentVersion> {
  await roleOn(ctx, userId, documentId);
  const row = await repo.findVersion(ctx.db, documentId, versionId);
  if (!row) throw errors.versionNotFound();
  return { ...(await toSummary(ctx, row)), content: row.content };
}

/** Keeps the text as it is now under a name; named versions are never pruned, so their number is bounded. */
export async function create(ctx: AppContext, userId: string, documentId: string, versionName: string, live: LiveText): Promise<DocumentVersionSummary> {
  await editorOn(ctx, userId, documentId);
  await live.flush(documentId);
  const content = await currentText(ctx, documentId);
  const row = await repo.underHistoryLock(ctx.db, documentId, async (tx) => {
    if ((await repo.countNamed(tx, documentId)) >= MAX_NAMED_VERSIONS) throw errors.namedVersionLimit();
    return takeVersion(tx, documentId, { kind: 'named', name: versionName, content, createdBy: userId }, ctx.clock.now());
  });
  return toSummary(ctx, row);
}

/**
 * Brings a version's text back as a new 'restore' version, nothing lost: the text as it is now is kept as a
 * version first (unless the newest already holds it). The restore version is recorded once the text has
 * reached the live document, so it never claims a restore that did not happen.
 */
export async function restore(ctx: AppContext, userId: string, documentId: string, versionId: string, live: LiveText): Promise<DocumentVersionSummary> {
  await editorOn(ctx, userId, documentId);
  const source = await repo.findVersion(ctx.db, documentId, versionId);
  if (!source) throw errors.versionNotFound();
  await live.flush(documentId);
  const current = await currentText(ctx, documentId);
  await repo.underHistoryLock(ctx.db, documentId, async (tx) => {
    if ((await repo.newestVersion(tx, documentId))?.content !== current) await takeVersion(tx, documentId, { kind: 'auto', content: current }, ctx.clock.now());
  });
  await live.replaceText(documentId, source.content);
  const row = await repo.underHistoryLock(ctx.db, documentId, async (tx) => {
    // Keeping the text of now may have pruned the source (the oldest unnamed version) meanwhile.
    const restoredFrom = (await repo.hasVersion(tx, documentId, source.id)) ? source.id : null;
    return takeVersion(tx, documentId, { kind: 'restore', content: source.content, createdBy: userId, restoredFrom }, ctx.clock.now());
  });
  return toSummary(ctx, row);
}
