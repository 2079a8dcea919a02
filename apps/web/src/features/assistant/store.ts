import { archiveTitle, mergeTurns, OFFLINE_WORD_DELAY_MS, wordDeltas, type ChatArchive, type ChatContext } from '@yumi/core';
import type { OfflineQuestion } from './offline/offlineAssistant';
import { create } from 'zustand';
import { ApiError, sleep } from '../../shared/api/client';
import { getToken, onSessionEnd } from '../../shared/api/token';
import { deleteAllLocalArchives, getLocalArchive, keepLocalArchive } from './archiveDb';

export type AssistantTab = 'chat' | 'tutorial' | 'personality' | 'models';

export interface UiMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** Failed answer: shown as the spec's apology, with the reason beside it. */
  failed?: { reason: string; code?: string };
  /** Stopped by the user before the answer was complete. */
  stopped?: boolean;
}

interface AssistantState {
  expanded: boolean;
  tab: AssistantTab;
  archiveOpen: boolean;
  conversationId: string;
  messages: UiMessage[];
  /** Waiting for or receiving an answer. */
  busy: boolean;
  /** True until the first piece of the answer arrives (typing indicator). */
  waiting: boolean;
  draft: string;
  setExpanded(expanded: boolean): void;
  setTab(tab: AssistantTab): void;
  setArchiveOpen(open: boolean): void;
  setDraft(draft: string): void;
  newChat(): void;
  load(archive: ChatArchive): void;
  /** The open conversation, merged with its other copy (archiveSync), gains the turns added elsewhere. */
  showMerged(archive: ChatArchive): void;
  /** Online the server answers; with `offline`, the offline assistant answers in the browser. */
  send(text: string, context: ChatContext, onSaved?: () => void, offline?: OfflineAsker): Promise<void>;
  stop(): void;
}

/** What the browser's offline assistant needs besides the question (see offline/offlineAssistant.ts). */
type OfflineAsker = Omit<OfflineQuestion, 'message' | 'context'>;

const uuid = () => crypto.randomUUID();
const now = () => new Date().toISOString();
let controller: AbortController | null = null;

/** The open conversation and the overlay's state; one per page, shared by every screen. */
export const useAssistant = create<AssistantState>((set, get) => ({
  expanded: false,
  tab: 'chat',
  archiveOpen: false,
  conversationId: uuid(),
  messages: [],
  busy: false,
  waiting: false,
  draft: '',
  setExpanded: (expanded) => set({ expanded }),
  setTab: (tab) => set({ tab, archiveOpen: false }),
  setArchiveOpen: (archiveOpen) => set({ archiveOpen }),
  setDraft: (draft) => set({ draft }),
  newChat: () => {
    get().stop();
    set({ conversationId: uuid(), messages: [], draft: '', tab: 'chat', archiveOpen: false });
  },
  load: (archive) => {
    get().stop();
    set({
      conversationId: archive.id,
      messages: archive.messages.map((m) => ({ ...m })),
      tab: 'chat',
      archiveOpen: false,
    });
  },
  showMerged: (archive) => {
    const { conversationId, busy, messages } = get();
    if (conversationId === archive.id && !busy) set({ messages: mergeTurns<UiMessage>(messages, archive.messages) });
  },
  stop: () => {
    controller?.abort();
    controller = null;
  },
  send: async (text, context, onSaved, offline) => {
    const message = text.trim();
    // The spec: empty or whitespace-only input is ignored.
    if (!message || get().busy) return;
    const history = get()
      .messages.filter((m) => !m.failed && m.content)
      .slice(-40)
      .map((m) => ({ role: m.role, content: m.content }));
    const user: UiMessage = { id: uuid(), role: 'user', content: message, timestamp: now() };
    const answer: UiMessage = { id: uuid(), role: 'assistant', content: '', timestamp: now() };
    const conversationId = get().conversationId;
    set({ messages: [...get().messages, user, answer], busy: true, waiting: true, draft: '' });
    const patch = (change: Partial<UiMessage>) =>
      set({ messages: get().messages.map((m) => (m.id === answer.id ? { ...m, ...change } : m)) });
    controller = new AbortController();
    const signal = controller.signal;
    try {
      let content = '';
      if (offline) {
        // Loaded on the first offline question with the corpus of the user's language (both precached with the shell).
        const { answerInBrowser } = await import('./offline/offlineAssistant');
        const answer = await answerInBrowser({ message, context, ...offline });
        // Word by word at the pace of the server's offline provider; on a slow device each step shows every
        // word due by then, so drawing the answer never makes it slower than the server's.
        const words = wordDeltas(answer.text);
        const start = performance.now();
        for (let shown = 0; shown < words.length; ) {
          if (shown > 0) await sleep(OFFLINE_WORD_DELAY_MS, signal);
          signal.throwIfAborted();
          const due = Math.min(words.length, Math.max(shown + 1, Math.floor((performance.now() - start) / OFFLINE_WORD_DELAY_MS) + 1));
          content += words.slice(shown, due).join('');
          shown = due;
          set({ waiting: false });
          patch({ content });
        }
      } else {
        // Loaded on the first message, so the floating button costs the app shell nothing more.
        const { streamChat } = await import('../../shared/ai/streamChat');
        await streamChat(
          // The server archives the turn under these ids: a copy kept on this device names it alike.
          { message, context, conversationId, history, turnIds: { user: user.id, assistant: answer.id } },
          {
            signal,
            onDelta: (delta) => {
              content += delta;
              set({ waiting: false });
              patch({ content });
            },
          },
        );
      }
      patch({ timestamp: now() });
    } catch (err) {
      if (signal.aborted) patch({ stopped: true });
      else {
        const e = err instanceof ApiError ? err : null;
        patch({ content: '', failed: { reason: e?.message ?? String((err as Error)?.message ?? err), code: e?.code } });
      }
    } finally {
      controller = null;
      set({ busy: false, waiting: false });
    }
    if (get().conversationId !== conversationId) return;
    const messages = get().messages.filter((m) => !m.failed && m.content.trim());
    if (messages.length === 0) return;
    // Signed in, the server archives the conversation for the account; nothing stays on the device. An answer
    // given offline never reached the server, so that conversation is kept on the device from then on, every
    // later turn included; archiveSync sends the server the turns it lacks once the network returns, and this
    // copy takes the turns added elsewhere meanwhile (the union of both, by turn id).
    const signedIn = !!getToken();
    if (signedIn && !offline && !(await getLocalArchive(conversationId).catch(() => undefined))) return onSaved?.();
    await keepLocalArchive(
      {
        id: conversationId,
        title: archiveTitle(messages[0]!.content),
        provider: context.provider,
        model: context.model,
        mode: context.mode,
        personality: context.personality,
        messageCount: messages.length,
        timestamp: now(),
        messages: messages.map(({ id, role, content, timestamp }) => ({ id, role, content, timestamp })),
      },
      { device: true, pending: signedIn && !!offline },
    ).catch(() => undefined); // Private browsing can refuse IndexedDB; the chat itself still works.
    onSaved?.();
  },
}));

// Privacy on shared computers: when a session ends, the open chat leaves the screen and the device.
onSessionEnd(() => {
  useAssistant.getState().stop();
  useAssistant.setState({ conversationId: uuid(), messages: [], draft: '', busy: false, waiting: false, archiveOpen: false, tab: 'chat' });
  void deleteAllLocalArchives().catch(() => undefined);
});
