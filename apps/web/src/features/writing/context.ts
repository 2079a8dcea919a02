import type { CreativeControlSettings, HistoryKind, UserHistory, YumiPersonality } from '@yumi/core';
import { createContext, useContext } from 'react';
import type { DocumentAutosave, Version } from '../../shared/writing';
import type { AiContext } from './lib/ai';

/** What the editor lets tools do: read the text and selection, insert or replace, keeping the cursor sensible. */
export interface EditorApi {
  getText(): string;
  getSelection(): { start: number; end: number };
  selectedText(): string;
  setText(text: string): boolean;
  replaceRange(start: number, end: number, text: string): boolean;
  insertAtCursor(text: string): boolean;
  focus(): void;
}

export interface WritingCtx {
  editor: EditorApi;
  text: string;
  /** The editor selection, so panels that depend on it re-render when it changes. */
  selection: { start: number; end: number };
  docs: DocumentAutosave;
  control: CreativeControlSettings;
  setControl(c: CreativeControlSettings): void;
  setPersonality(p: YumiPersonality): void;
  history: UserHistory;
  remember(kind: HistoryKind, value: string): void;
  ai: AiContext;
  showVersions(v: Version[]): void;
}

export const WritingContext = createContext<WritingCtx | null>(null);

export function useWriting(): WritingCtx {
  const ctx = useContext(WritingContext);
  if (!ctx) throw new Error('useWriting must be used inside the writing screen');
  return ctx;
}

/** Opens the assistant overlay (another feature) on a tab, optionally with a prompt. */
export { openAssistant } from '../../shared/ai';
