import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { COLLAB_PATH, COLLAB_TEXT_FIELD, type CollabCloseReason, type CollabNotice, type DocumentRole } from '@yumi/core';
import { useEffect, useMemo, useState } from 'react';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { getToken } from '../../api/token';
import { presenceColor } from './presence';

type LiveStatus = 'connecting' | 'live' | 'offline' | 'closed';

/** A collaborator in the document right now (awareness): their name and colour, and whether it is me. */
interface Peer {
  clientId: number;
  name: string;
  color: string;
  me: boolean;
}

/** Refusals after which reconnecting cannot help: the provider stops and the local copy is dropped. */
const FINAL: ReadonlySet<string> = new Set<CollabCloseReason>(['signed-out', 'no-access', 'access-removed']);

export interface LiveText {
  doc: Y.Doc;
  text: Y.Text;
  provider: HocuspocusProvider;
  status: LiveStatus;
  /** Why the server closed or refused the connection (a COLLAB_CLOSE reason), until the next good connect. */
  refused: CollabCloseReason | null;
  /** My role as the server last told it (a share changed while the document was open). */
  role: DocumentRole | null;
  peers: Peer[];
  /** Edits made here the server has not confirmed yet (offline, or in flight). */
  pending: number;
  /** Counts the server's "comments changed" notices: the comment threads reload when it moves. */
  commentsChanged: number;
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${COLLAB_PATH}`;
}

/**
 * One shared document's live text (issue 32): a Yjs document synced through /api/collab with the session
 * token, kept in IndexedDB so edits made offline survive a reload and merge when the network returns, and my
 * name and colour in its awareness for the others' cursors and presence list.
 */
export function useLiveText(documentId: string | null, me: { id: string; name: string } | null): LiveText | null {
  type Session = Pick<LiveText, 'doc' | 'text' | 'provider'>;
  const [session, setSession] = useState<Session | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [refused, setRefused] = useState<CollabCloseReason | null>(null);
  const [role, setRole] = useState<DocumentRole | null>(null);
  const [peers, setPeers] = useState<Peer[]>([]);
  const [pending, setPending] = useState(0);
  const [commentsChanged, setCommentsChanged] = useState(0);

  const meId = me?.id;
  const meName = me?.name;
  // The session lives exactly as long as this effect: built here and destroyed in its cleanup, so a re-run
  // (another document, another user) never reuses a destroyed document or socket.
  useEffect(() => {
    if (!documentId || !meId) return;
    setStatus('connecting');
    setRefused(null);
    setRole(null);
    setPeers([]);
    setPending(0);
    const doc = new Y.Doc();
    const websocket = new HocuspocusProviderWebsocket({ url: socketUrl(), delay: 500, minDelay: 500, maxDelay: 10_000 });
    const provider = new HocuspocusProvider({ websocketProvider: websocket, name: documentId, document: doc, token: () => getToken() ?? '' });
    const local = typeof indexedDB === 'undefined' ? null : new IndexeddbPersistence(`yumi-live-${documentId}`, doc);
    let refusedForGood = false;
    const stop = (reason: string) => {
      setRefused(reason as CollabCloseReason);
      if (!FINAL.has(reason)) return;
      refusedForGood = true;
      setStatus('closed');
      websocket.disconnect();
      void local?.clearData();
    };
    const readPeers = () => {
      const states = provider.awareness?.getStates() ?? new Map();
      const list: Peer[] = [];
      for (const [clientId, state] of states) {
        const user = (state as { user?: { name?: string; color?: string } }).user;
        if (user?.name) list.push({ clientId, name: user.name, color: user.color ?? presenceColor(String(clientId)), me: clientId === doc.clientID });
      }
      setPeers(list);
    };
    provider.on('status', ({ status: s }: { status: string }) => {
      if (s === 'connected') setStatus('live');
      else setStatus((prev) => (prev === 'closed' ? prev : navigator.onLine ? 'connecting' : 'offline'));
    });
    provider.on('authenticated', () => setRefused(null));
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => stop(reason));
    provider.on('close', ({ event }: { event: CloseEvent }) => event.reason && stop(event.reason));
    provider.on('stateless', ({ payload }: { payload: string }) => {
      try {
        const notice = JSON.parse(payload) as CollabNotice;
        if (notice.type === 'role') setRole(notice.role);
        else if (notice.type === 'comments') setCommentsChanged((n) => n + 1);
      } catch {
        /* not ours */
      }
    });
    provider.on('unsyncedChanges', ({ number }: { number: number }) => setPending(number));
    provider.on('awarenessChange', readPeers);
    provider.attach();
    setSession({ doc, provider, text: doc.getText(COLLAB_TEXT_FIELD) });
    // A socket can outlive the network by the provider's 30 s silence bound: dropped at once when the browser
    // says it is offline (the edits wait in the Yjs document and IndexedDB), and back as soon as it is online.
    const offline = () => {
      setStatus((prev) => (prev === 'closed' ? prev : 'offline'));
      websocket.disconnect();
    };
    const online = () => {
      if (!refusedForGood) void websocket.connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      setSession(null);
      provider.destroy();
      websocket.destroy();
      void local?.destroy();
      doc.destroy();
    };
  }, [documentId, meId]);

  // My name and colour for the others' cursors and presence list; a renamed account updates it in place.
  useEffect(() => {
    if (!session || !meId || !meName) return;
    const color = presenceColor(meId);
    session.provider.awareness?.setLocalStateField('user', { name: meName, color, colorLight: `${color}33` });
  }, [session, meId, meName]);

  return useMemo(
    () => (session && me ? { ...session, status, refused, role, peers, pending, commentsChanged } : null),
    [session, me, status, refused, role, peers, pending, commentsChanged],
  );
}
