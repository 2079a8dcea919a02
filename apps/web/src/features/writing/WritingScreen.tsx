import { countCharacters, countWords } from '@yumi/core';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Sigma } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { BackButton } from '../../shared/ui/BackButton';
import { MissingDocument } from '../../shared/writing/MissingDocument';
import { useKeepBeforeUse } from '../../shared/writing/useKeepBeforeUse';
import { SettingsIcon } from '../../shared/ui/icons';
import {
  ConflictPanel,
  BackgroundSettingsPanel,
  backgroundLayerStyle,
  CreativeControlPanel,
  DocumentsDialog,
  EquationBuilder,
  LiveDocumentEditor,
  LiveNotice,
  PresenceList,
  ShareButton,
  useLiveDocument,
  ToolSidebar,
  useDocumentAutosave,
  VersionsPanel,
  type Version,
} from '../../shared/writing';
import { WritingContext, type EditorApi, type WritingCtx } from './context';

import { Editor } from './Editor';
import { aiContext } from './lib/ai';
import { useAiSettingsOrDefault } from './lib/aiSettings';
import { useWritingProfile } from './lib/profile';
import { useToolFromUrl } from '../../shared/writing/useToolFromUrl';
import { useWritingStore } from './store';
import { TOOL_ICONS } from './toolIcons';
import { TOOL_CATEGORIES, TOOLS, ToolPanel } from './tools';

/** The Writing Helper screen: back button, large editor, documents, and the ten-tool sidebar. */
export default function WritingScreen({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('writing');
  const docs = useDocumentAutosave('writing', t('documents.untitled'));
  const keepBeforeUse = useKeepBeforeUse(docs);
  const { live, readOnly: liveReadOnly } = useLiveDocument(docs);
  const { background, setBackground, sidebar, setSidebar } = useWritingStore();
  const profile = useWritingProfile();
  const aiSettings = useAiSettingsOrDefault();
  const editorRef = useRef<EditorApi>(null);
  const [activeTool, setActiveTool] = useState<string | null>(null);
  // On a phone the tools start folded, so the editor is what you see first.
  useEffect(() => {
    if (window.matchMedia('(max-width: 760px)').matches) setSidebar({ collapsed: true });
  }, [setSidebar]);
  // ?tool=<id> (an answer's action button) opens that tool, unfolded, also on a phone.
  useToolFromUrl(
    (id) => (TOOLS.some((tool) => tool.id === id) ? id : null),
    (id) => {
      setSidebar({ collapsed: false });
      setActiveTool(id);
    },
    'writing',
  );
  const [versions, setVersions] = useState<Version[]>([]);
  const [selection, setSelection] = useState({ start: 0, end: 0 });
  const [dialog, setDialog] = useState<'docs' | 'equation' | 'background' | null>(null);
  const text = docs.doc?.content ?? '';
  // Counting runs behind typing (deferred), so a long document never makes keystrokes lag.
  const counted = useDeferredValue(text);
  const counts = useMemo(() => ({ words: countWords(counted), characters: countCharacters(counted) }), [counted]);

  const editor: EditorApi = useMemo(
    () => ({
      getText: () => editorRef.current?.getText() ?? '',
      getSelection: () => editorRef.current?.getSelection() ?? { start: 0, end: 0 },
      selectedText: () => editorRef.current?.selectedText() ?? '',
      setText: (v) => editorRef.current?.setText(v) ?? false,
      replaceRange: (s, e, v) => editorRef.current?.replaceRange(s, e, v) ?? false,
      insertAtCursor: (v) => editorRef.current?.insertAtCursor(v) ?? false,
      focus: () => editorRef.current?.focus(),
    }),
    [],
  );

  const ctx: WritingCtx = {
    editor,
    text,
    selection,
    docs,
    control: profile.controlSettings,
    setControl: profile.setControl,
    setPersonality: profile.setPersonality,
    history: profile.userHistory,
    remember: profile.remember,
    ai: aiContext(aiSettings, profile.controlSettings.yumiPersonality === 'none' ? aiSettings.personality : profile.controlSettings.yumiPersonality),
    showVersions: setVersions,
  };

  const tools = TOOLS.map((tool) => ({ ...tool, icon: TOOL_ICONS[tool.id], label: t(`tools.${tool.id}.name`) }));
  const categories = TOOL_CATEGORIES.map((c) => ({ ...c, label: t(`categories.${c.id}`) }));

  if (docs.missing) return <MissingDocument onOpenLatest={() => void docs.dismissMissing()} />;
  return (
    <WritingContext.Provider value={ctx}>
      <div className={`writing-screen sidebar-${sidebar.side}`} data-testid="writing-screen">
        <div style={backgroundLayerStyle(background)} aria-hidden="true" />
        <header className="ws-header">
          <BackButton label={t('screen.back')} onClick={onBack} />
          <input
            className="title-input"
            aria-label={t('screen.titleLabel')}
            value={docs.doc?.title ?? ''}
            placeholder={t('documents.untitled')}
            maxLength={200}
            disabled={!docs.doc}
            onChange={(e) => docs.edit({ title: e.target.value })}
          />
          {/* A live text has its own status beside the presence list; see ReportScreen. */}
          {(!live || docs.status !== 'saved') && <SaveBadge status={docs.status} source={docs.source} />}
          <ShareButton documentId={docs.doc?.id} source={docs.source} onLeft={() => void docs.dismissMissing()} />
          {live && <PresenceList live={live} />}
          <div className="ws-header-actions">
            <Button size="sm" onClick={() => setDialog('docs')}>
              {t('screen.documents')}
            </Button>
            <Button size="sm" onClick={() => setDialog('equation')}>
              <Sigma aria-hidden="true" /> {t('screen.equation')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDialog('background')} aria-label={t('screen.customise')}>
              <SettingsIcon />
            </Button>
          </div>
        </header>
        <div className="ws-body">
          <div className="ws-main">
            <CreativeControlPanel value={profile.controlSettings} onChange={profile.setControl} onPersonalityChange={profile.setPersonality} />
            <ConflictPanel docs={docs} />
            <LiveNotice live={live} />
            {docs.status === 'error' && docs.error && <div className="alert alert-error">{t('screen.saveFailed', { message: docs.error })}</div>}
            <div className="editor-wrap">
              {docs.doc ? (
                live ? (
                  <LiveDocumentEditor ref={editorRef} docs={docs} live={live} readOnly={liveReadOnly} className="editor" onSelectionChange={setSelection} placeholder={t('screen.placeholder')} label={t('screen.editorLabel')} />
                ) : (
                  <Editor ref={editorRef} value={text} onChange={(content) => docs.edit({ content })} onSelectionChange={setSelection} placeholder={t('screen.placeholder')} label={t('screen.editorLabel')} />
                )
              ) : (
                <div className="editor editor-loading" aria-busy="true">
                  <div className="spinner" />
                </div>
              )}
            </div>
            <footer className="ws-counts" aria-live="off">
              <span data-testid="word-count">{t('screen.words', { n: counts.words.toLocaleString() })}</span>
              <span data-testid="char-count">{t('screen.characters', { n: counts.characters.toLocaleString() })}</span>
              {/* 230 words a minute, the usual adult silent-reading pace. */}
              <span>{t('screen.readingTime', { n: Math.max(1, Math.ceil(counts.words / 230)) })}</span>
            </footer>
            {versions.length > 0 && (
              <VersionsPanel
                versions={versions}
                currentText={text}
                onUse={(content, v) =>
                  void keepBeforeUse(v, () => {
                    editor.setText(content);
                    setVersions([]);
                  })
                }
                onClose={() => setVersions([])}
              />
            )}
          </div>
          <ToolSidebar
            title={t('sidebar.title')}
            tools={tools}
            categories={categories}
            activeTool={activeTool}
            side={sidebar.side}
            collapsed={sidebar.collapsed}
            onToolChange={setActiveTool}
            onSideChange={(side) => setSidebar({ side })}
            onCollapsedChange={(collapsed) => setSidebar({ collapsed })}
            renderPanel={(id) => <ToolPanel id={id} />}
          />
        </div>
        <DocumentsDialog open={dialog === 'docs'} onOpenChange={(o) => setDialog(o ? 'docs' : null)} docs={docs} />
        <Dialog open={dialog === 'equation'} onOpenChange={(o) => setDialog(o ? 'equation' : null)} title={t('equation.title')} wide>
          <EquationBuilder
            onInsert={(latex) => {
              editor.insertAtCursor(latex);
              setDialog(null);
            }}
          />
        </Dialog>
        <Dialog open={dialog === 'background'} onOpenChange={(o) => setDialog(o ? 'background' : null)} title={t('background.title')}>
          <BackgroundSettingsPanel value={background} onChange={setBackground} />
        </Dialog>
      </div>
    </WritingContext.Provider>
  );
}

function SaveBadge({ status, source }: { status: string; source: 'server' | 'local' }) {
  const { t } = useTranslation('writing');
  const label = t(`save.${status}`);
  return (
    <span className={`save-badge save-${status}`} data-testid="save-status" data-status={status} title={source === 'server' ? t('save.toAccount') : t('save.toDevice')}>
      {label}
      <span className="muted small"> · {source === 'server' ? t('save.account') : t('save.device')}</span>
    </span>
  );
}
