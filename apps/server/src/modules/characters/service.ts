import type {
  createCharacterSchema,
  updateCharacterSchema,
  versionInputSchema} from '@yumi/core';
import {
  defaultVersionName,
  designBriefSchema,
  EMPTY_BRIEF,
  MAX_VERSIONS,
  type Character,
  type VersionDetail,
  type VersionSummary,
} from '@yumi/core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/http-error';
import { enforceQuota } from '../storage';
import { loadLayers, storeLayers } from './layers';
import * as repo from './repository';

type CreateInput = z.output<typeof createCharacterSchema>;
type UpdateInput = z.output<typeof updateCharacterSchema>;
type VersionIn = z.output<typeof versionInputSchema>;

const versionLimit = () =>
  new HttpError(409, 'VERSION_LIMIT', `A character keeps at most ${MAX_VERSIONS} versions. Delete an old version to save a new one.`);

function toSummary(v: repo.VersionRow): VersionSummary {
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    thumbnail: v.thumbnail,
    timestamp: v.createdAt.toISOString(),
    metadata: v.metadata,
    width: v.canvas.width,
    height: v.canvas.height,
    layerCount: v.canvas.layers.length,
    size: v.sizeBytes,
  };
}

function toCharacter(c: repo.CharacterRow, versions: repo.VersionRow[]): Character {
  return {
    id: c.id,
    name: c.name,
    thumbnail: c.thumbnail,
    tags: c.tags,
    brief: designBriefSchema.parse({ ...EMPTY_BRIEF, ...c.brief }),
    createdAt: c.createdAt.toISOString(),
    lastModified: c.lastModified.toISOString(),
    versions: versions.map(toSummary),
    activeVersionId: c.activeVersionId,
  };
}

/** Loads a character and refuses other users' (404, so ids of others' characters are not confirmed). */
async function owned(ctx: AppContext, userId: string, id: string): Promise<repo.CharacterRow> {
  const c = await repo.findCharacter(ctx.db, id);
  if (!c || c.userId !== userId) throw notFound('Character');
  return c;
}

async function characterWithVersions(ctx: AppContext, c: repo.CharacterRow): Promise<Character> {
  return toCharacter(c, await repo.versionsOf(ctx.db, [c.id]));
}

export async function listCharacters(ctx: AppContext, userId: string): Promise<Character[]> {
  const rows = await repo.listCharacters(ctx.db, userId);
  const versions = await repo.versionsOf(ctx.db, rows.map((r) => r.id));
  return rows.map((c) => toCharacter(c, versions.filter((v) => v.characterId === c.id)));
}

export async function getCharacter(ctx: AppContext, userId: string, id: string): Promise<Character> {
  return characterWithVersions(ctx, await owned(ctx, userId, id));
}

export async function createCharacter(ctx: AppContext, userId: string, input: CreateInput): Promise<Character> {
  // Sent again from a device (its first answer lost): the character made the first time, nothing stored twice.
  const sent = input.clientId ? await repo.findByClientId(ctx.db, userId, input.clientId) : undefined;
  if (sent) return characterWithVersions(ctx, sent);
  // Pixels go to the blob store before the transaction; an aborted save leaves only unreferenced blobs,
  // which the collector removes after its grace period.
  const stored: Awaited<ReturnType<typeof storeLayers>>[] = [];
  for (const v of input.versions) stored.push(await storeLayers(ctx, v.canvasData));
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    if (input.clientId) {
      await repo.lockClientCreate(tx, userId);
      const made = await repo.findByClientId(tx, userId, input.clientId);
      if (made) return made.id;
    }
    const c = await repo.insertCharacter(tx, {
      userId,
      clientId: input.clientId,
      name: input.name,
      thumbnail: input.thumbnail,
      tags: [...new Set(input.tags)],
      brief: input.brief ?? { ...EMPTY_BRIEF, name: input.name },
      createdAt: input.createdAt ? new Date(input.createdAt) : now,
      lastModified: now,
    });
    for (const [i, v] of input.versions.entries()) {
      await repo.insertVersion(tx, versionRow(c.id, i + 1, v, stored[i]!, now), stored[i]!.keys);
    }
    // Spec: saving makes the version current; a named activeVersionId wins, otherwise the newest.
    const named = input.versions.findIndex((v) => v.id && v.id === input.activeVersionId);
    const versions = await repo.versionsOf(tx, [c.id]);
    const current = named >= 0 ? versions[named]!.id : versions[versions.length - 1]!.id;
    await repo.updateCharacter(tx, c.id, { activeVersionId: current });
    await enforceQuota(ctx, tx, userId);
    return c.id;
  });
  return getCharacter(ctx, userId, id);
}

function versionRow(characterId: string, seq: number, v: VersionIn, s: Awaited<ReturnType<typeof storeLayers>>, now: Date) {
  return {
    characterId,
    seq,
    name: v.name || defaultVersionName(seq),
    description: v.description,
    thumbnail: v.thumbnail,
    metadata: v.metadata,
    canvas: s.stored,
    sizeBytes: s.size,
    createdAt: v.timestamp ? new Date(v.timestamp) : now,
  };
}

const detailsConflict = (current: Character) =>
  new HttpError(409, 'CHARACTER_CONFLICT', {
    en: 'This character was changed elsewhere while you were editing. Choose which details to keep.',
    ja: '編集中にこのキャラクターが別の場所で変更されました。残す内容を選んでください。',
    zh: '你编辑期间，这个角色在别处被修改了。请选择要保留的内容。',
    ko: '편집하는 동안 이 캐릭터가 다른 곳에서 바뀌었습니다. 남길 내용을 선택하세요.',
  }, { current });

/** A detail field as compared for conflicts (the brief with its defaults, so key order and omissions do not count). */
const comparable = (field: 'name' | 'tags' | 'brief', value: unknown) =>
  JSON.stringify(field === 'brief' ? designBriefSchema.parse({ ...EMPTY_BRIEF, ...(value as object) }) : value);

export async function updateCharacter(ctx: AppContext, userId: string, id: string, patch: UpdateInput): Promise<Character> {
  await owned(ctx, userId, id);
  if (patch.activeVersionId && !(await repo.findVersion(ctx.db, id, patch.activeVersionId))) throw notFound('Version');
  const tags = patch.tags !== undefined ? [...new Set(patch.tags)] : undefined;
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockCharacter(tx, id);
    if (!current) throw notFound('Character');
    // Three-way check of an edit that names its base: a field changed on both sides to different values conflicts.
    const { base } = patch;
    if (base) {
      const mine = { name: patch.name, tags, brief: patch.brief };
      for (const field of ['name', 'tags', 'brief'] as const) {
        const value = mine[field];
        if (value === undefined || base[field] === undefined) continue;
        const now = comparable(field, current[field]);
        if (now !== comparable(field, base[field]) && now !== comparable(field, value)) {
          throw detailsConflict(toCharacter(current, await repo.versionsOf(tx, [id])));
        }
      }
    }
    await repo.updateCharacter(tx, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.thumbnail !== undefined ? { thumbnail: patch.thumbnail } : {}),
      ...(tags !== undefined ? { tags } : {}),
      ...(patch.brief !== undefined ? { brief: patch.brief } : {}),
      ...(patch.activeVersionId !== undefined ? { activeVersionId: patch.activeVersionId } : {}),
      lastModified: ctx.clock.now(),
    });
  });
  return getCharacter(ctx, userId, id);
}

/** Deletes a character; with `seen`, only if nothing changed after it (a delete decided offline never takes a newer edit with it). */
export async function deleteCharacter(ctx: AppContext, userId: string, id: string, seen?: string): Promise<void> {
  await owned(ctx, userId, id);
  // Only the rows: layer blobs may be shared (content-addressed); the collector removes them once unreferenced.
  if (await repo.deleteCharacter(ctx.db, id, seen === undefined ? undefined : new Date(seen))) return;
  const current = await owned(ctx, userId, id);
  throw new HttpError(
    409,
    'CHARACTER_CHANGED',
    {
      en: 'This character was changed elsewhere after you deleted it, so it was kept.',
      ja: '削除したあとに別の場所でこのキャラクターが変更されたため、削除せずに残しました。',
      zh: '你删除之后，这个角色在别处被修改过，因此已保留。',
      ko: '삭제한 뒤에 다른 곳에서 이 캐릭터가 바뀌어서 지우지 않고 남겨 두었습니다.',
    },
    { current: await characterWithVersions(ctx, current) },
  );
}

/** A copy named 'name (copy)' with every version; blobs are shared (content-addressed), not copied. */
export async function duplicateCharacter(ctx: AppContext, userId: string, id: string): Promise<Character> {
  const src = await owned(ctx, userId, id);
  const versions = await repo.versionsOf(ctx.db, [id]);
  // The copy references the same blobs without storing them again: mark them in use so a collector running
  // now cannot take them between this read and the commit below.
  await ctx.blobs.retain(versions.flatMap((v) => v.canvas.layers.map((l) => l.blobKey).filter((k): k is string => !!k)));
  const now = ctx.clock.now();
  const copyId = await ctx.db.transaction(async (tx) => {
    const c = await repo.insertCharacter(tx, {
      userId,
      name: `${src.name} (copy)`.slice(0, 100),
      thumbnail: src.thumbnail,
      tags: src.tags,
      brief: src.brief,
      createdAt: now,
      lastModified: now,
    });
    let active: string | null = null;
    for (const v of versions) {
      const keys = v.canvas.layers.map((l) => l.blobKey).filter((k): k is string => !!k);
      const row = await repo.insertVersion(
        tx,
        { characterId: c.id, seq: v.seq, name: v.name, description: v.description, thumbnail: v.thumbnail, metadata: v.metadata, canvas: v.canvas, sizeBytes: v.sizeBytes, createdAt: v.createdAt },
        keys,
      );
      if (v.id === src.activeVersionId) active = row.id;
    }
    await repo.updateCharacter(tx, c.id, { activeVersionId: active });
    await enforceQuota(ctx, tx, userId);
    return c.id;
  });
  return getCharacter(ctx, userId, copyId);
}

/** Spec §4: saving appends a version and makes it current; at most 20 (409 beyond). */
export async function addVersion(ctx: AppContext, userId: string, id: string, v: VersionIn): Promise<Character> {
  await owned(ctx, userId, id);
  // Fail fast before storing pixels; the transaction below re-checks under a row lock.
  if ((await repo.countVersions(ctx.db, id)).n >= MAX_VERSIONS) throw versionLimit();
  const stored = await storeLayers(ctx, v.canvasData);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const c = await repo.lockCharacter(tx, id);
    if (!c) throw notFound('Character');
    const { n, maxSeq } = await repo.countVersions(tx, id);
    if (n >= MAX_VERSIONS) throw versionLimit();
    const row = await repo.insertVersion(tx, versionRow(id, maxSeq + 1, { ...v, name: v.name || defaultVersionName(n + 1) }, stored, now), stored.keys);
    await repo.updateCharacter(tx, id, {
      activeVersionId: row.id,
      lastModified: now,
      ...(v.thumbnail ? { thumbnail: v.thumbnail } : {}),
    });
    await enforceQuota(ctx, tx, userId);
  });
  return getCharacter(ctx, userId, id);
}

export async function getVersion(ctx: AppContext, userId: string, id: string, versionId: string): Promise<VersionDetail> {
  await owned(ctx, userId, id);
  const v = await repo.findVersion(ctx.db, id, versionId);
  if (!v) throw notFound('Version');
  return { ...toSummary(v), canvasData: await loadLayers(ctx, v.canvas) };
}

/** Spec §4: deleting is not offered for the current version. */
export async function deleteVersion(ctx: AppContext, userId: string, id: string, versionId: string): Promise<Character> {
  const c = await owned(ctx, userId, id);
  const v = await repo.findVersion(ctx.db, id, versionId);
  if (!v) throw notFound('Version');
  if (c.activeVersionId === versionId) {
    throw new HttpError(409, 'CURRENT_VERSION', 'The current version cannot be deleted. Revert to another version first.');
  }
  await repo.deleteVersion(ctx.db, versionId);
  await repo.updateCharacter(ctx.db, id, { lastModified: ctx.clock.now() });
  return getCharacter(ctx, userId, id);
}
