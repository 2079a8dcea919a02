import {
  defaultControlSettings,
  MAX_DOCUMENTS_PER_USER,
  normalizeHistory,
  recordHistory,
  type CreateDocumentRequest,
  type DocumentSummary,
  type HistoryKind,
  type UpdateDocumentRequest,
  type UserHistory,
  type WritingDocument,
  type WritingProfile,
  controlSettingsSchema,
  roleAllows,
  type DocumentRole,
} from '@yumi/core';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/http-error';
import { derived } from './derived';
import { announceAccessChange, documentRole } from './access';
import * as repo from './repository';
import { notOwner, readOnly } from './sharing-errors';
import { isCollaborative, memberIds } from './sharing-repository';

type Kind = repo.DocumentKind;

function toSummary(row: repo.DocumentSummaryRow): DocumentSummary {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    version: row.version,
    words: row.words,
    characters: row.characters,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
const toDocument = (row: repo.DocumentRow): WritingDocument => ({ ...toSummary(row), content: row.content });


export async function list(ctx: AppContext, userId: string, kind?: Kind): Promise<DocumentSummary[]> {
  const rows = await repo.listDocuments(ctx.db, userId, kind, MAX_DOCUMENTS_PER_USER);
  return rows.map(toSummary);
}

const DOCUMENT_LIMIT = {
  en: 'You can keep at most {max} documents. Delete some to make room.',
  ja: '保存できるドキュメントは {max} 件までです。いくつか削除してから作成してください。',
  zh: '最多只能保存 {max} 篇文档。请先删除一些再新建。',
  ko: '문서는 최대 {max}개까지 보관할 수 있습니다. 일부를 삭제한 뒤 다시 만들어 주세요.',
} as const;

export async function create(ctx: AppContext, userId: string, body: CreateDocumentRequest): Promise<WritingDocument> {
  const content = body.content ?? '';
  const now = ctx.clock.now();
  const row = await repo.insertDocumentUnderCap(ctx.db, {
    userId,
    kind: body.kind ?? 'writing',
    title: body.title ?? '',
    content,
    ...derived(content),
    createdAt: now,
    updatedAt: now,
    clientId: body.clientId,
  }, MAX_DOCUMENTS_PER_USER);
  if (!row) throw new HttpError(409, 'DOCUMENT_LIMIT', DOCUMENT_LIMIT, undefined, undefined, { max: MAX_DOCUMENTS_PER_USER });
  return toDocument(row);
}

/** Another user's document answers the same 404 as a missing one, so ids reveal nothing. */
async function owned(ctx: AppContext, userId: string, id: string): Promise<repo.DocumentRow> {
  const row = await repo.findDocument(ctx.db, id);
  if (!row || row.userId !== userId) throw notFound('Document');
  return row;
}

/** The document and the caller's role on it (owner or member); no role answers the 404 of a missing document. */
async function opened(ctx: AppContext, userId: string, id: string): Promise<{ row: repo.DocumentRow; role: DocumentRole }> {
  const role = await documentRole(ctx.db, userId, id);
  const row = role && (await repo.findDocument(ctx.db, id));
  if (!role || !row) throw notFound('Document');
  return { row, role };
}

export async function get(ctx: AppContext, userId: string, id: string): Promise<WritingDocument> {
  const { row, role } = await opened(ctx, userId, id);
  return { ...toDocument(row), role, collaborative: await isCollaborative(ctx.db, id) };
}

/**
 * Told after a save changed a document's text, with the text it had before (when known). app.ts passes the
 * history module's recordEdit here: history depends on documents, so documents cannot call it itself.
 */
export type ContentSaved = (save: { documentId: string; userIds: string[]; content: string; previous: string | undefined; now: Date }) => Promise<void>;

/** The owner and editors write; the role is checked first, then the version compare-and-set. */
export async function update(
  ctx: AppContext,
  userId: string,
  id: string,
  body: UpdateDocumentRequest,
  onContentSaved?: ContentSaved,
): Promise<WritingDocument> {
  const { row: before, role } = await opened(ctx, userId, id);
  if (!roleAllows(role, 'editor')) throw readOnly();
  const now = ctx.clock.now();
  const values: Parameters<typeof repo.updateDocumentIfVersion>[3] = { updatedAt: now };
  if (body.title !== undefined) values.title = body.title;
  if (body.content !== undefined) Object.assign(values, { content: body.content, ...derived(body.content) });
  const row = await repo.updateDocumentIfVersion(ctx.db, id, body.version, values);
  if (row) {
    // `before` is the text this save replaced when it was read at the version the save named (versions only grow).
    const previous = before.version === body.version ? before.content : undefined;
    if (onContentSaved && body.content !== undefined && body.content !== previous) {
      // The save is stored; a version not taken must not turn it into an error.
      await onContentSaved({ documentId: id, userIds: [userId], content: body.content, previous, now }).catch((err: unknown) =>
        ctx.log.warn({ err: err instanceof Error ? err.message : String(err), documentId: id }, 'document version not recorded'),
      );
    }
    return { ...toDocument(row), role, collaborative: await isCollaborative(ctx.db, id) };
  }
  // Not updated: deleted meanwhile (404) or someone saved a newer version (409).
  const current = await repo.findDocument(ctx.db, id);
  if (!current) throw notFound('Document');
  throw new HttpError(409, 'VERSION_CONFLICT', 'This document was changed elsewhere (another tab or device). Reload it or overwrite it.', {
    current: toDocument(current),
  });
}

/** Deletes a document; with `version`, only that version (a delete decided offline never takes a newer edit with it). */
export async function remove(ctx: AppContext, userId: string, id: string, version?: number): Promise<void> {
  // The shares go with the document (cascade): their members' open editors are told once it is gone.
  const members = await memberIds(ctx.db, [id]);
  if (await repo.deleteDocument(ctx.db, id, userId, version)) {
    for (const member of members) await announceAccessChange(ctx, id, member);
    return;
  }
  const { role } = await opened(ctx, userId, id);
  if (role !== 'owner') throw notOwner();
  const current = await owned(ctx, userId, id);
  throw new HttpError(
    409,
    'DOCUMENT_CHANGED',
    {
      en: 'This document was changed elsewhere after the version you deleted, so it was kept.',
      ja: '削除した版のあとに別の場所でこの文書が変更されたため、削除せずに残しました。',
      zh: '你删除的版本之后，这篇文档在别处被修改过，因此已保留。',
      ko: '삭제한 버전 이후에 다른 곳에서 이 문서가 바뀌어서 지우지 않고 남겨 두었습니다.',
    },
    { current: toDocument(current) },
  );
}

function toProfile(mode: Kind, row: repo.ProfileRow | undefined): WritingProfile {
  const parsed = controlSettingsSchema.safeParse(row?.controlSettings);
  return {
    mode,
    controlSettings: parsed.success ? parsed.data : defaultControlSettings(mode),
    userHistory: normalizeHistory(row?.userHistory),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getProfile(ctx: AppContext, userId: string, mode: Kind): Promise<WritingProfile> {
  return toProfile(mode, await repo.findProfile(ctx.db, userId, mode));
}

export async function updateProfile(
  ctx: AppContext,
  userId: string,
  mode: Kind,
  patch: { controlSettings?: WritingProfile['controlSettings']; userHistory?: UserHistory },
): Promise<WritingProfile> {
  const current = await getProfile(ctx, userId, mode);
  const row = await repo.upsertProfile(ctx.db, {
    userId,
    mode,
    controlSettings: patch.controlSettings ?? current.controlSettings,
    userHistory: normalizeHistory(patch.userHistory ?? current.userHistory),
    updatedAt: ctx.clock.now(),
  });
  return toProfile(mode, row);
}

export async function addHistory(ctx: AppContext, userId: string, mode: Kind, kind: HistoryKind, value: string): Promise<WritingProfile> {
  const current = await getProfile(ctx, userId, mode);
  return updateProfile(ctx, userId, mode, { userHistory: recordHistory(current.userHistory, kind, value) });
}
