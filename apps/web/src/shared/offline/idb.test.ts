import 'fake-indexeddb/auto';
import type { ChatArchive } from '@yumi/core';
import { describe, expect, it } from 'vitest';
import { deleteAllLocalArchives, listLocalArchives, saveLocalArchive } from '../../features/assistant/archiveDb';
import { attachments } from '../../features/writing/lib/attachments';
import { localSource, VersionConflict } from '../writing/documentSource';

// The stores of signed-out use, all on the one idb layer (shared/offline/idb.ts), in a fake IndexedDB.
describe('IndexedDB stores on idb', () => {
  it('local documents: create, list by kind, update with the version check in one transaction, remove', async () => {
    const doc = await localSource.create({ title: 'Draft', content: 'one two three', kind: 'writing' });
    expect(doc).toMatchObject({ version: 1, words: 3 });
    await localSource.create({ title: 'Report', content: 'x', kind: 'report' });
    expect((await localSource.list('writing')).map((d) => d.title)).toEqual(['Draft']);
    const updated = await localSource.update(doc.id, { content: 'one two', version: 1 });
    expect(updated).toMatchObject({ version: 2, words: 2, title: 'Draft' });
    const stale = await localSource.update(doc.id, { content: 'lost', version: 1 }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(VersionConflict);
    expect((stale as VersionConflict).current.content).toBe('one two');
    await expect(localSource.update(crypto.randomUUID(), { content: 'x', version: 1 })).rejects.toThrow('Document not found');
    await localSource.remove(doc.id);
    expect(await localSource.get(doc.id)).toBeNull();
  });

  it('attachments are listed per document', async () => {
    const blob = new Blob(['png']);
    await attachments.add({ id: 'a1', docId: 'd1', name: 'a.png', type: 'image/png', size: 3, blob, addedAt: '2026-01-01' });
    await attachments.add({ id: 'a2', docId: 'd2', name: 'b.png', type: 'image/png', size: 3, blob, addedAt: '2026-01-01' });
    expect((await attachments.list('d1')).map((a) => a.id)).toEqual(['a1']);
    await attachments.remove('a1');
    expect(await attachments.list('d1')).toEqual([]);
  });

  it('chat archives keep the newest 200 and are deleted whole', async () => {
    const archive = (i: number): ChatArchive => ({ id: `c${i}`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }) as ChatArchive;
    for (let i = 0; i < 202; i++) await saveLocalArchive(archive(i));
    const kept = await listLocalArchives();
    expect(kept).toHaveLength(200);
    expect(kept[0]!.id).toBe('c201');
    await deleteAllLocalArchives();
    expect(await listLocalArchives()).toEqual([]);
  });
});
