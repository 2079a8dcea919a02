import { citeGroups, citeOccurrences, isNoteStyle, LANGUAGES, parseReport, type Language, type ReportStructure } from '@yumi/core';
import { lazy, Suspense, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { ChartColumn, Database, FileCode2, FileDown, GitCompare, Quote, ScanSearch, Search, Sigma, Upload } from 'lucide-react';
import { BackButton } from '../../shared/ui/BackButton';
import { MissingDocument } from '../../shared/writing/MissingDocument';
import { SettingsIcon, toolIcon } from '../../shared/ui/icons';
import { SegmentedControl } from '../../shared/ui/SegmentedControl';
import {
  ConflictPanel,
  BackgroundSettingsPanel,
  backgroundLayerStyle,
  CreativeControlPanel,
  defaultBackground,
  DocumentsDialog,
  EquationBuilder,
  LiveDocumentEditor,
  type LiveEditorApi,
  LiveNotice,
  PresenceList,
  ShareButton,
  ToolSidebar,
  useLiveDocument,
  useDocumentAutosave,
  VersionsPanel,
  type BackgroundSettings,
  type SidebarSide,
  type Version,
} from '../../shared/writing';
import { useCitations } from './citations';
import { ReportContext, type ReportCtx } from './context';
import { Preview } from './Preview';
import { copyReportMeta, useReportMeta } from './useReportMeta';
import { useReportProfile } from './useReportProfile';
import { useDeclareAssistantMode } from '../../shared/ai';
import './report.css';
import { PdfTool } from './tools/Pdf';
import { PlagiarismTool } from './tools/Plagiarism';
import { DatabasesTool, SearchTool } from './tools/Search';
import { useKeepBeforeUse } from '../../shared/writing/useKeepBeforeUse';
import { useToolFromUrl } from '../../shared/writing/useToolFromUrl';
import { VersionsTool } from './tools/Versions';

const CATEGORIES = [
  { id: 'research', color: '#3b82f6' },
  { id: 'editing', color: '#8b5cf6' },
  { id: 'analysis', color: '#f59e0b' },
  { id: 'export', color: '#10b981' },
  { id: 'tools', color: '#ec4899' },
];
// One icon set for every screen (lucide), the same line style as the Writing tools.
// `catalogue`: the tool's id in the shared tool catalogue (what `?tool=` and the assistant's buttons name).
const TOOLS = [
  { id: 'search', icon: toolIcon(Search), category: 'research', catalogue: 'scientific-search' },
  { id: 'databases', icon: toolIcon(Database), category: 'research', catalogue: 'nature-physics-db' },
  { id: 'latex', icon: toolIcon(FileCode2), category: 'editing', catalogue: 'latex-editor' },
  { id: 'equation', icon: toolIcon(Sigma), category: 'editing', catalogue: 'equation-builder' },
  { id: 'versions', icon: toolIcon(GitCompare), category: 'editing', catalogue: 'generate-versions' },
  { id: 'plagiarism', icon: toolIcon(ScanSearch), category: 'analysis', catalogue: 'plagiarism-check' },
  { id: 'citations', icon: toolIcon(Quote), category: 'research', catalogue: 'citation-manager' },
  { id: 'chart', icon: toolIcon(ChartColumn), category: 'analysis', catalogue: 'chart-generator' },
  { id: 'pdf', icon: toolIcon(FileDown), category: 'export', catalogue: 'pdf-export' },
  { id: 'upload', icon: toolIcon(Upload), category: 'tools', catalogue: 'upload' },
];

// Chart.js and CodeMirror load only when their tool is opened.
const ChartTool = lazy(() => import('./tools/Chart').then((m) => ({ default: m.ChartTool })));
const LatexTool = lazy(() => import('./tools/Latex').then((m) => ({ default: m.LatexTool })));
// Reference parsing (citation-js) and table reading (papaparse) load with their panels, not with the screen.
const CitationsTool = lazy(() => import('./tools/Citations').then((m) => ({ default: m.CitationsTool })));
const UploadTool = lazy(() => import('./tools/Upload').then((m) => ({ default: m.UploadTool })));

const BG_KEY = 'report.background';
const SIDEBAR_KEY = 'report.sidebar';
const readJson = <T,>(key: string, fallback: T): T => {
  try {
    return { ...fallback, ...(JSON.parse(localStorage.getItem(key) ?? 'null') ?? {}) };
  } catch {
    return fallback;
  }
};

/** The Report Helper: Markdown + LaTeX report editor with live preview and ten research tools. */
export default function ReportScreen({ onBack }: { onBack(): void }) {
  const { t, i18n } = useTranslation('report');
  const { user } = useCurrentUser();
  const docs = useDocumentAutosave('report', t('untitled'));
  const keepBeforeUse = useKeepBeforeUse(docs);
  // The assistant's quick questions and persona follow this screen, not the /writing route.
  useDeclareAssistantMode('report-helper');
  const [background, setBg] = useState<BackgroundSettings>(() => readJson(BG_KEY, defaultBackground(0.95)));
  const [sidebar, setSb] = useState<{ side: SidebarSide; collapsed: boolean }>(() => readJson(SIDEBAR_KEY, { side: 'right' as SidebarSide, collapsed: window.innerWidth < 700 }));
  const { controlSettings: control, setControl, setPersonality } = useReportProfile();
  const [activeTool, setActiveTool] = useState<string | null>(null);
  const [customise, setCustomise] = useState(false);
  const [reports, setReports] = useState(false);
  const [versions, setVersions] = useState<Version[]>([]);
  const [table, setTable] = useState<ReportCtx['table']>(null);
  const [view, setView] = useState<'split' | 'write' | 'preview'>('split');
  const area = useRef<HTMLTextAreaElement>(null);
  const liveEditor = useRef<LiveEditorApi>(null);
  const { live, readOnly: liveReadOnly } = useLiveDocument(docs);
  const text = docs.doc?.content ?? '';
  const deferred = useDeferredValue(text);
  const report: ReportStructure = useMemo(() => parseReport(deferred.length > 400_000 ? deferred.slice(0, 400_000) : deferred), [deferred]);
  const { meta, update } = useReportMeta(docs.doc?.id ?? null, docs.source);
  const figureImages = useMemo(() => new Map(meta.figures.map((f) => [f.id, f.image])), [meta.figures]);
  // A note style formats every citation (its notes), an in-text style each distinct group once.
  const groups = useMemo(() => (isNoteStyle(meta.style) ? citeOccurrences(report).map((c) => c.keys) : citeGroups(report)), [report, meta.style]);
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const cites = useCitations(meta.references, report.citedKeys, groups, meta.style, language);

  const setText = (content: string) => docs.edit({ content });
  const insertAtCursor = (snippet: string) => {
    if (live) return void liveEditor.current?.insertAtCursor(snippet);
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + snippet + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };
  const setBackground = (b: BackgroundSettings) => {
    setBg(b);
    localStorage.setItem(BG_KEY, JSON.stringify({ ...b, image: b.image && b.image.length < 2_000_000 ? b.image : null }));
  };
  const setSidebar = (patch: Partial<typeof sidebar>) => {
    const next = { ...sidebar, ...patch };
    setSb(next);
    localStorage.setItem(SIDEBAR_KEY, JSON.stringify(next));
  };  // ?tool=<id> (an answer's action button) opens that tool, unfolded.
  useToolFromUrl(
    (id) => TOOLS.find((tool) => tool.id === id || tool.catalogue === id)?.id ?? null,
    (id) => {
      setSidebar({ collapsed: false });
      setActiveTool(id);
    },
    'report',
  );


  const ctx: ReportCtx = {
    text,
    setText,
    insertAtCursor,
    report,
    meta,
    updateMeta: update,
    documentId: docs.doc?.id ?? null,
    signedIn: !!user,
    inText: cites.inText,
    notes: cites.notes,
    bibliography: cites.bibliography,
    table,
    setTable,
    openTool: setActiveTool,
  };
  const panel = (id: string) => {
    switch (id) {
      case 'search': return <SearchTool />;
      case 'databases': return <DatabasesTool />;
      case 'latex': return <LatexTool />;
      // The builder hands over display math ($$...$$), which goes on its own lines.
      case 'equation': return <EquationBuilder onInsert={(latex) => insertAtCursor(latex.startsWith('$$') ? `\n\n${latex}\n\n` : latex)} />;
      case 'versions': return <VersionsTool control={control} onVersions={setVersions} />;
      case 'plagiarism': return <PlagiarismTool />;
      case 'citations': return <CitationsTool />;
      case 'chart': return <ChartTool />;
      case 'pdf': return <PdfTool />;
      case 'upload': return <UploadTool />;
      default: return null;
    }
  };

  if (docs.missing) return <MissingDocument onOpenLatest={() => void docs.dismissMissing()} />;
  return (
    <ReportContext.Provider value={ctx}>
      <div className={`report-screen sidebar-${sidebar.side}`} data-testid="report-screen">
        <div className="report-bg" style={backgroundLayerStyle(background)} aria-hidden="true" />
        <header className="report-header">
          <BackButton label={t('back')} onClick={onBack} />
          <h1 className="report-title">{t('title')}</h1>
          <Button size="sm" variant="ghost" onClick={() => setReports(true)} aria-haspopup="dialog" title={t('reports.title')}>
            {t('reports.open')}: <span className="report-doc-title">{docs.doc?.title || t('untitled')}</span>
          </Button>
          <ShareButton documentId={docs.doc?.id} source={docs.source} onLeft={() => void docs.dismissMissing()} />
          {live && <PresenceList live={live} />}
          {/* A live text is stored by the server as it is typed and has its own status (live, offline, edits
              to send); this badge then speaks only while a title change is on its way or failed. */}
          {(!live || docs.status !== 'saved') && <span className="badge small" aria-live="polite">{t(`save.${docs.status}`)}</span>}
          <div className="report-header-actions">
            <SegmentedControl label={t('view.label')} value={view} onValueChange={setView} options={(['write', 'split', 'preview'] as const).map((v) => ({ value: v, label: t(`view.${v}`) }))} />
            <Button size="sm" variant="ghost" onClick={() => setCustomise(!customise)} aria-expanded={customise} aria-label={t('customise')}><SettingsIcon /></Button>
          </div>
        </header>
        {customise && (
          <section className="report-customise card" aria-label={t('customise')}>
            <BackgroundSettingsPanel value={background} onChange={setBackground} />
            <div className="row-wrap">
              <Button size="sm" onClick={() => setSidebar({ side: sidebar.side === 'left' ? 'right' : 'left' })}>{t('sidebarSide', { side: t(sidebar.side === 'left' ? 'right' : 'left') })}</Button>
              <Button size="sm" onClick={() => setSidebar({ collapsed: !sidebar.collapsed })}>{sidebar.collapsed ? t('expand') : t('collapse')}</Button>
            </div>
            <CreativeControlPanel value={control} onChange={setControl} onPersonalityChange={setPersonality} />
          </section>
        )}
        <ConflictPanel docs={docs} />
        <LiveNotice live={live} />
        <div className="report-body">
          <div className={`report-main view-${view}`}>
            {view !== 'preview' && live && (
              <LiveDocumentEditor ref={liveEditor} docs={docs} live={live} readOnly={liveReadOnly} className="report-editor" placeholder={t('placeholder')} label={t('editorLabel')} />
            )}
            {view !== 'preview' && !live && (
              <textarea
                ref={area}
                className="report-editor"
                value={text}
                disabled={!docs.doc}
                onChange={(e) => setText(e.target.value)}
                placeholder={t('placeholder')}
                aria-label={t('editorLabel')}
                spellCheck
              />
            )}
            {view !== 'write' && <Preview report={report} inText={cites.inText} notes={cites.notes} bibliography={cites.bibliography} figureImages={figureImages} />}
            {versions.length > 0 && (
              <VersionsPanel versions={versions} currentText={text} onUse={(content, v) => void keepBeforeUse(v, () => { setText(content); setVersions([]); })} onClose={() => setVersions([])} />
            )}
          </div>
          <ToolSidebar
            title={t('sidebar')}
            tools={TOOLS.map((x) => ({ ...x, label: t(`tools.${x.id}`), color: CATEGORIES.find((c) => c.id === x.category)!.color }))}
            categories={CATEGORIES.map((c) => ({ ...c, label: t(`categories.${c.id}`) }))}
            activeTool={activeTool}
            side={sidebar.side}
            collapsed={sidebar.collapsed}
            onToolChange={setActiveTool}
            onSideChange={(side) => setSidebar({ side })}
            onCollapsedChange={(collapsed) => setSidebar({ collapsed })}
            renderPanel={(id) => <Suspense fallback={<div className="spinner" aria-busy="true" />}>{panel(id)}</Suspense>}
          />
        </div>
      </div>
      <DocumentsDialog open={reports} onOpenChange={setReports} docs={docs} title={t('reports.title')} prepareCopy={(from, to) => copyReportMeta(from, to, docs.source, { id: docs.doc?.id ?? null, meta })} />
    </ReportContext.Provider>
  );
}
