import 'fake-indexeddb/auto';
import type { ChatArchive } from '@yumi/core';
import { describe, expect, it } from 'vitest';
import { deleteAllLocalArchives, getLocalArchive, keepLocalArchive, listLocalArchives, noteRefusal } from '../../features/assistant/archiveDb';
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
    const archive = (i: number): ChatArchive => ({ id: `c${i}`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), messages: [] }) as unknown as ChatArchive;
    for (let i = 0; i < 202; i++) await keepLocalArchive(archive(i), { device: true });
    const kept = await listLocalArchives();
    expect(kept).toHaveLength(200);
    expect(kept[0]!.id).toBe('c201');
    await deleteAllLocalArchives();
    expect(await listLocalArchives()).toEqual([]);
  });

  it("a chat archive kept here gains every turn saved to it, and is pending until the server's copy has them all", async () => {
    const turn = (id: string, minute: number) => ({ id, role: minute % 2 ? 'assistant' : 'user', content: id, timestamp: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString() }) as const;
    const [q1, a1, q2, a2, q3, a3, q4, a4] = ['q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4', 'a4'].map((id, i) => turn(id, i));
    const chat = (...messages: ReturnType<typeof turn>[]) =>
      ({ id: 'conv', title: 'q1', provider: 'local', model: 'yumi-local', mode: 'main', personality: 'otaku', messageCount: messages.length, timestamp: '2026-01-01T00:00:00.000Z', messages }) as ChatArchive;
    const ids = (a: ChatArchive) => a.messages.map((m) => m.id);
    // Answered offline: pending. The page's older view saved again loses nothing and stays pending.
    await keepLocalArchive(chat(q1!, a1!, q2!, a2!), { device: true, pending: true });
    let kept = await keepLocalArchive(chat(q1!, a1!), { device: true });
    expect([ids(kept), kept.pending, kept.messageCount]).toEqual([['q1', 'a1', 'q2', 'a2'], true, 4]);
    // An offline answer arriving while the server merges: the server's copy lacks it, so it stays pending.
    await keepLocalArchive(chat(q4!, a4!), { device: true, pending: true });
    kept = await keepLocalArchive(chat(q1!, a1!, q2!, a2!, q3!, a3!), { device: false });
    expect([ids(kept), kept.pending]).toEqual([['q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4', 'a4'], true]);
    // The server's copy with every turn: synced.
    kept = await keepLocalArchive(chat(q1!, a1!, q2!, a2!, q3!, a3!, q4!, a4!), { device: false });
    expect([kept.messageCount, kept.pending]).toEqual([8, false]);
    await deleteAllLocalArchives();
  });

  it("a server's refusal stays with the device's copy, through new offline answers, until the server takes the turns", async () => {
    const turn = (id: string, minute: number) => ({ id, role: minute % 2 ? 'assistant' : 'user', content: id, timestamp: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString() }) as const;
    const chat = (...messages: ReturnType<typeof turn>[]) =>
      ({ id: 'refused', title: 'q', provider: 'local', model: 'yumi-local', mode: 'main', personality: 'otaku', messageCount: messages.length, timestamp: '2026-01-01T00:00:00.000Z', messages }) as ChatArchive;
    await keepLocalArchive(chat(turn('q1', 0), turn('a1', 1)), { device: true, pending: true });
    await noteRefusal('refused', 'You can keep at most 1000 conversations.');
    await noteRefusal('unknown', 'nothing to note on');
    expect(await getLocalArchive('unknown')).toBeUndefined();
    let kept = await keepLocalArchive(chat(turn('q2', 2), turn('a2', 3)), { device: true, pending: true });
    expect([kept.pending, kept.refused]).toEqual([true, 'You can keep at most 1000 conversations.']);
    kept = await keepLocalArchive(chat(turn('q1', 0), turn('a1', 1), turn('q2', 2), turn('a2', 3)), { device: false });
    expect([kept.pending, kept.refused]).toEqual([false, undefined]);
    await deleteAllLocalArchives();
  });
});
