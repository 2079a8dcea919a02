import type { DocumentRole, DocumentSummary, WritingDocument } from '@yumi/core';
import { MAX_DOCUMENT_CHARS, mergeText } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { isOnline, probe, subscribeOnline } from '../network/connectivity';
import { toast } from '../ui/toast';
import { clearBackup, currentKey, readBackup, writeBackup, type Working } from './backup';
import { localSource, VersionConflict, type DocumentKind, type DocumentSource } from './documentSource';
import { DOCUMENTS_SYNCED, mirroredSource } from './mirroredSource';
import { currentId } from '../offline/db';
import { moveLocalDocumentsToAccount } from './moveToAccount';

export type SaveStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'error' | 'conflict' | 'offline';

const SAVE_DELAY_MS = 800;
const RETRY_DELAY_MS = 5000;
/**
 * Documents of one helper mode with autosave: IndexedDB when anonymous, the server when signed in.
 * Edits are debounced and saved with the version they were based on. A newer version saved elsewhere
 * (another tab or device) is merged with this one (three-way, against the last version both shared);
 * when both changed the same words, both versions are shown to choose from, and the one not kept is
 * saved as a copy: text is never overwritten silently.
 */
export function useDocumentAutosave(kind: DocumentKind, defaultTitle: string) {
  const { user, isLoading: userLoading } = useCurrentUser();
  // Signed in: the server, with this device's copy for offline use; anonymous: this device only.
  const source: DocumentSource = useMemo(() => (user ? mirroredSource(user.id) : localSource), [user?.id]);
  const client = useQueryClient();
  const listKey = ['documents', source.name, user?.id ?? 'anon', kind];
  const { t } = useTranslation('writing');
  const list = useQuery({
    queryKey: listKey,
    queryFn: async () => {
      if (user) {
        // Documents written here before signing in join the account first (once per account and page).
        await moveLocalDocumentsToAccount(user.id, (count) => toast('success', t('documents.moved', { count }))).catch(() => undefined);
      }
      return source.list(kind);
    },
    enabled: !userLoading,
  });

  const [doc, setDoc] = useState<Working | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [conflict, setConflict] = useState<WritingDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A link (?doc=…) named a document this account does not have (deleted, or someone else's).
  const [missing, setMissing] = useState(false);
  // My role on the open document (issue 32): a viewer's or commenter's edits are not taken.
  const [role, setRole] = useState<DocumentRole>('owner');
  // Shared (members or links): its text is edited live through /api/collab, not saved here (issue 32).
  const [collaborative, setCollaborative] = useState(false);
  const collaborativeRef = useRef(false);
  /** Where a tool's change of a live document's text goes: the live editor, which sends it to the others. */
  const liveWriter = useRef<((content: string) => void) | null>(null);
  const working = useRef<Working | null>(null);
  /** The last version this tab and the server agreed on: the base of a three-way merge. */
  const base = useRef<Working | null>(null);
  const dirty = useRef(false);
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refreshList = useCallback(() => client.invalidateQueries({ queryKey: ['documents', source.name] }), [client, source.name]);

  const adopt = useCallback(
    (d: WritingDocument) => {
      const backup = readBackup(d.id);
      const unsaved = backup && (backup.content !== d.content || backup.title !== d.title);
      // Unsaved edits from the last session (or made offline) win if they were based on this very version;
      // made on an older one, the document changed elsewhere meanwhile: both are shown to choose from.
      const restored = unsaved && backup.baseVersion === d.version;
      const stale = unsaved && backup.baseVersion < d.version;
      const w: Working = unsaved
        ? { id: d.id, title: backup.title, content: backup.content, version: restored ? d.version : backup.baseVersion }
        : { id: d.id, title: d.title, content: d.content, version: d.version };
      working.current = w;
      setRole(d.role ?? 'owner');
      collaborativeRef.current = source.name === 'server' && !!d.collaborative;
      setCollaborative(collaborativeRef.current);
      // Restored edits were based on this very version, so it is their base too; stale ones have none known.
      base.current = stale ? null : { id: d.id, title: d.title, content: d.content, version: d.version };
      dirty.current = !!unsaved;
      setDoc(w);
      setConflict(stale ? d : null);
      setStatus(stale ? 'conflict' : restored ? 'dirty' : 'saved');
      try {
        localStorage.setItem(currentKey(source.name, kind), d.id);
      } catch {
        /* ignore */
      }
      return !!restored;
    },
    [kind, source.name],
  );

  /** Three-way merge of this tab's text with a newer saved version; false when both changed the same words. */
  const mergeInto = useCallback(
    (now: Working, common: Working, theirs: WritingDocument): boolean => {
      const merged = mergeText(common.content, now.content, theirs.content);
      if (!merged.ok) return false;
      const next: Working = { ...now, title: now.title === common.title ? theirs.title : now.title, content: merged.text, version: theirs.version };
      working.current = next;
      base.current = { id: theirs.id, title: theirs.title, content: theirs.content, version: theirs.version };
      dirty.current = true;
      writeBackup(next);
      setDoc(next);
      setStatus('dirty');
      toast('info', t('documents.merged'));
      return true;
    },
    [t],
  );

  const save = useCallback(async (): Promise<void> => {
    if (saving.current) {
      await saving.current;
      if (!dirty.current) return;
    }
    const w = working.current;
    if (!w || !dirty.current) return;
    dirty.current = false;
    setStatus('saving');
    const run = (async () => {
      try {
        // A live document's text is the server's already: only its title is saved, on the newest version.
        const saved = collaborativeRef.current
          ? await source.update(w.id, { title: w.title, version: (await source.get(w.id))?.version ?? w.version })
          : await source.update(w.id, { title: w.title, content: w.content, version: w.version });
        const now = working.current;
        if (now && now.id === saved.id) {
          now.version = saved.version;
          base.current = { ...w, version: saved.version };
          if (!dirty.current) clearBackup(saved.id);
          else writeBackup(now);
        }
        setError(null);
        setStatus(dirty.current ? 'dirty' : 'saved');
        void refreshList();
      } catch (err) {
        dirty.current = true;
        const now = working.current;
        if (err instanceof VersionConflict && now && err.current.title === now.title && err.current.content === now.content) {
          // The same text already arrived (sent from this device's offline copy): nothing to choose.
          now.version = err.current.version;
          dirty.current = false;
          clearBackup(now.id);
          setStatus('saved');
        } else if (err instanceof VersionConflict && now && base.current?.id === now.id && mergeInto(now, base.current, err.current)) {
          // Merged: saved again right away on top of the other version.
          void saveRef.current();
        } else if (err instanceof VersionConflict) {
          setConflict(err.current);
          setStatus('conflict');
        } else {
          setError((err as Error).message);
          // Offline means the server cannot be reached at all, not that it refused this save.
          setStatus(err instanceof ApiError && err.type === 'NETWORK' && !(await probe()) ? 'offline' : 'error');
          // Keep trying in the background; the local backup holds the text meanwhile.
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void saveRef.current(), RETRY_DELAY_MS);
        }
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  }, [source, refreshList, mergeInto]);

  const saveRef = useRef(save);
  saveRef.current = save;

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  }, [save]);

  const edit = useCallback(
    (patch: { title?: string; content?: string }) => {
      const w = working.current;
      if (!w || role === 'viewer' || role === 'commenter') return;
      if (patch.content !== undefined && patch.content.length > MAX_DOCUMENT_CHARS) return;
      let change = patch;
      if (collaborativeRef.current && patch.content !== undefined) {
        liveWriter.current?.(patch.content);
        if (patch.title === undefined) return;
        change = { title: patch.title };
      }
      const next = { ...w, ...change };
      working.current = next;
      dirty.current = true;
      writeBackup(next);
      setDoc(next);
      if (status !== 'conflict') setStatus('dirty');
      schedule();
    },
    [schedule, status, role],
  );

  /** The live document's text changed (typed here or by someone else): shown and counted, never saved from here. */
  const live = useCallback((content: string) => {
    const w = working.current;
    if (!w || w.content === content) return;
    working.current = { ...w, content };
    setDoc(working.current);
  }, []);

  const open = useCallback(
    async (id: string) => {
      await save();
      const d = await source.get(id);
      if (d) adopt(d);
      return d;
    },
    [adopt, save, source],
  );

  const create = useCallback(
    async (title = defaultTitle, content = '') => {
      await save();
      const d = await source.create({ title, content, kind });
      adopt(d);
      void refreshList();
      return d;
    },
    [adopt, defaultTitle, kind, refreshList, save, source],
  );

  /**
   * A copy of a document under a new title, opened. `prepare` runs before it opens, for what lives beside
   * the text (a report's references and figures), so the copy never shows up half made.
   */
  const duplicate = useCallback(
    async (id: string, title: string, prepare?: (copyId: string) => Promise<void>) => {
      await save();
      const from = await source.get(id);
      if (!from) throw new Error('NOT_FOUND');
      const d = await source.create({ title, content: from.content, kind });
      await prepare?.(d.id);
      adopt(d);
      void refreshList();
      return d;
    },
    [adopt, kind, refreshList, save, source],
  );

  const remove = useCallback(
    async (id: string) => {
      await source.remove(id);
      clearBackup(id);
      if (working.current?.id === id) {
        working.current = null;
        dirty.current = false;
        setDoc(null);
        // Keep an open document: the newest remaining one, or a fresh one.
        const rest = await source.list(kind);
        const next = rest[0] ? await source.get(rest[0].id) : null;
        if (next) adopt(next);
        else await create();
      }
      await refreshList();
    },
    [adopt, create, kind, refreshList, source],
  );

  const rename = useCallback(
    async (id: string, title: string) => {
      if (working.current?.id === id) {
        edit({ title });
        await save();
        return;
      }
      const d = await source.get(id);
      if (d) await source.update(id, { title, version: d.version });
      void refreshList();
    },
    [edit, refreshList, save, source],
  );

  /**
   * Conflict resolution: keep this tab's text on top of the newer version, or take the other version.
   * Either way the version not kept is saved as a copy ("… (other version)"), so nothing is lost.
   */
  const resolveConflict = useCallback(
    async (choice: 'mine' | 'theirs') => {
      const now = working.current;
      if (!conflict || !now) return;
      const dropped = choice === 'mine' ? conflict : now;
      const copy = await source.create({ title: t('documents.otherVersion', { title: dropped.title || defaultTitle }).slice(0, 200), content: dropped.content, kind });
      toast('success', t('documents.keptCopy', { title: copy.title }));
      void refreshList();
      if (choice === 'theirs') {
        clearBackup(conflict.id);
        adopt(conflict);
        return;
      }
      working.current = { ...now, version: conflict.version };
      base.current = { id: conflict.id, title: conflict.title, content: conflict.content, version: conflict.version };
      dirty.current = true;
      setConflict(null);
      await save();
    },
    [adopt, conflict, defaultTitle, kind, refreshList, save, source, t],
  );

  // Open the last document (or the newest, or a fresh one) once the list is known.
  const started = useRef<string | null>(null);
  useEffect(() => {
    const sourceId = `${source.name}:${user?.id ?? 'anon'}`;
    if (!list.data || started.current === sourceId) return;
    started.current = sourceId;
    void (async () => {
      // A link names its document (?doc=…); otherwise the one last open here.
      const linked = new URLSearchParams(window.location.search).get('doc');
      if (linked && !list.data.some((d) => d.id === linked)) {
        // Not one of mine: it may be shared with me, which only the document itself can tell.
        const shared = source.name === 'server' ? await source.get(linked).catch(() => null) : null;
        if (shared) adopt(shared);
        else setMissing(true);
        return;
      }
      let last: string | null = linked;
      try {
        last ??= localStorage.getItem(currentKey(source.name, kind));
      } catch {
        /* ignore */
      }
      if (last) last = await currentId(last);
      const pick = list.data.find((d) => d.id === last) ?? list.data[0];
      const opened = pick ? await source.get(pick.id) : null;
      if (opened) adopt(opened);
      else await create();
    })().catch((err: Error) => {
      setError(err.message);
      setStatus('error');
    });
  }, [list.data, source, user?.id, kind, adopt, create]);

  // A document made offline gets the server's id once it is sent: the open one follows, with its unsaved text.
  useEffect(() => {
    const onSynced = (e: Event) => {
      const w = working.current;
      const hit = (e as CustomEvent<{ moved: [string, string][] }>).detail.moved.find(([from]) => from === w?.id);
      if (w && hit) {
        const next = { ...w, id: hit[1] };
        working.current = next;
        if (dirty.current) writeBackup(next);
        clearBackup(hit[0]);
        setDoc(next);
        try {
          localStorage.setItem(currentKey(source.name, kind), next.id);
        } catch {
          /* ignore */
        }
        const url = new URL(window.location.href);
        if (url.searchParams.get('doc') === hit[0]) {
          url.searchParams.set('doc', next.id);
          window.history.replaceState(window.history.state, '', url);
        }
      }
      void refreshList();
    };
    window.addEventListener(DOCUMENTS_SYNCED, onSynced);
    return () => window.removeEventListener(DOCUMENTS_SYNCED, onSynced);
  }, [kind, refreshList, source.name]);

  // Save before the page goes away; the local backup covers what the network cannot finish.
  useEffect(() => {
    const flush = () => {
      if (dirty.current) void save();
    };
    const hidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('beforeunload', flush);
    let wasOnline = isOnline();
    const unsubscribe = subscribeOnline(() => {
      if (!wasOnline && isOnline()) flush();
      wasOnline = isOnline();
    });
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('beforeunload', flush);
      unsubscribe();
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(timer.current);
      flush();
    };
  }, [save]);

  /** Leave the not-found state: drop the dead link from the address and open the newest document. */
  const dismissMissing = useCallback(async () => {
    const url = new URL(window.location.href);
    url.searchParams.delete('doc');
    window.history.replaceState(window.history.state, '', url);
    setMissing(false);
    const newest = list.data?.[0];
    const opened = newest ? await source.get(newest.id) : null;
    if (opened) adopt(opened);
    else await create();
  }, [adopt, create, list.data, source]);

  return {
    source: source.name,
    kind,
    role,
    readOnly: role === 'viewer' || role === 'commenter',
    collaborative,
    live,
    liveWriter,
    missing,
    dismissMissing,
    documents: (list.data ?? []) as DocumentSummary[],
    listLoading: list.isLoading || userLoading,
    doc,
    status,
    error,
    conflict,
    edit,
    save,
    open,
    create,
    duplicate,
    remove,
    rename,
    resolveConflict,
  };
}
export type DocumentAutosave = ReturnType<typeof useDocumentAutosave>;
