import './anime.css';
import { imagesApi, OUTLINE_THICKNESS, type ContextPanel, type FloatingPanel } from '@yumi/core';
import { Palette, Sparkles, X } from 'lucide-react';
import { BackButton } from '../../shared/ui/BackButton';
import { Button } from '../../shared/ui/Button';
import { NotFound } from '../../shared/ui/NotFound';
import { SegmentedControl } from '../../shared/ui/SegmentedControl';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../shared/api/client';
import { isOnline } from '../../shared/network/connectivity';
import { toast } from '../../shared/ui/toast';
import { backgroundLayerStyle } from '../../shared/writing';
import { isTyping, PaintCanvas } from './canvas/PaintCanvas';
import { createEngine, EngineContext } from './engine';
import { ImportError, fileToBuffer, bufferToDataUrl, bufferToPngBlob, urlToBuffer } from './lib/pixels';
import { copySelection, invert, pasteCopied, selectAll } from './canvas/selection';
import { clearRecovery, loadRecovery, RecoveryWriter } from './lib/recovery';
import { CanvasBar } from './CanvasBar';
import { CharacterLibraryPanel } from './panels/CharacterLibraryPanel';
import { ColorAssistantPanel } from './panels/ColorAssistantPanel';
import { ColorsPanel } from './panels/ColorsPanel';
import { CustomizePanel, useCustomizeState } from './panels/CustomizePanel';
import { ExportPanel } from './panels/ExportPanel';
import { HistoryPanel } from './panels/HistoryPanel';
import { LayersPanel } from './panels/LayersPanel';
import { PhotoSearchPanel } from './panels/PhotoSearchPanel';
import { PosesPanel } from './panels/PosesPanel';
import { ReferencesModal } from './panels/ReferencesModal';
import { SmartBrushPanel } from './panels/SmartBrushPanel';
import { TemplatesPanel } from './panels/TemplatesPanel';
import { VersionHistoryPanel } from './panels/VersionHistoryPanel';
import { useAnime } from './store';
import { Toolbar } from './Toolbar';
import { useCharacterLink } from './useCharacterLink';

type GenerateProps = { onEditInCreationMode(imageUrl: string): void };

function PanelFrame({ title, onClose, floating, children }: { title: string; onClose(): void; floating?: boolean; children: ReactNode }) {
  const { t } = useTranslation('anime');
  return (
    <section className={floating ? 'anime-floating' : 'anime-context'} aria-label={title}>
      <header className="an-panel-head">
        <h3>{title}</h3>
        <button type="button" className="icon-btn" aria-label={t('panel.close')} onClick={onClose}>
          <X size={16} />
        </button>
      </header>
      <div className="an-panel-body">{children}</div>
    </section>
  );
}

const pick = ({ characterId, characterName }: { characterId: string | null; characterName: string }) => ({ characterId, characterName });

/** /anime-chara: the character helper with its Create (layered canvas) and AI Generate modes. */
/** `generate`: the AI Generate screen, another feature's lazy chunk handed over by the app shell. */
export default function AnimePage({ onBack, generate: AiGenerateScreen }: { onBack?: () => void; generate: ComponentType<GenerateProps> }) {
  const { t } = useTranslation('anime');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const engine = useMemo(() => createEngine(), []);
  const { mode, panels, set, toggle, characterId, characterName } = useAnime();
  const customize = useCustomizeState();
  const fileRef = useRef<HTMLInputElement>(null);
  const [recovered, setRecovered] = useState(false);
  const back = onBack ?? (() => navigate(-1));

  // Crash recovery: restore the drawing kept in IndexedDB, then keep it up to date.
  useEffect(() => {
    let live = true;
    loadRecovery()
      .then((r) => {
        if (!live || !r) return;
        if (r.document.layers.some((l) => !l.surface.isEmpty())) {
          engine.loadDocument(r.document);
          window.dispatchEvent(new Event('anime:fit'));
          toast('info', t('recovery.restored'));
        }
      })
      .catch((err: unknown) => {
        console.error('Recovery failed', err);
        toast('warning', t('recovery.corrupt'));
        void clearRecovery().catch(() => undefined);
      })
      .finally(() => live && setRecovered(true));
    return () => {
      live = false;
    };
  }, [engine, t]);

  const characterLink = useCharacterLink(engine, recovered);

  // Saved at every pen-up and edit (only the tiles that changed), and flushed when the page is hidden.
  useEffect(() => {
    if (!recovered) return;
    const writer = new RecoveryWriter(() => ({ doc: engine.document, ...pick(useAnime.getState()) }));
    let queued = false;
    const save = () => {
      queued = false;
      if (engine.isStroking) return;
      writer.save().catch((err: unknown) => console.error('Recovery save failed', err));
    };
    const unsubscribe = engine.subscribe(() => {
      // Coalesce the changes of one task (a pen-up fires several) into one write, off the input handler.
      if (queued) return;
      queued = true;
      queueMicrotask(save);
    });
    // Strokes made while the stored drawing was still being read had no writer yet: save them now.
    if (engine.document.layers.some((l) => !l.surface.isEmpty())) save();
    const flush = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', flush);
    };
  }, [engine, recovered]);

  // Keyboard: undo/redo, brush/eraser, size, fit.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || useAnime.getState().mode !== 'creative') return;
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      if (mod && k === 'z') {
        e.preventDefault();
        if (e.shiftKey) engine.redo();
        else engine.undo();
      } else if (mod && k === 'y') {
        e.preventDefault();
        engine.redo();
      } else if (!mod && k === 'b') {
        engine.selectPreset('basic-brush');
        set({ activeItem: 'brush', canvasTool: 'paint' });
      } else if (!mod && k === 'e') {
        engine.selectPreset('basic-eraser');
        set({ activeItem: 'eraser', canvasTool: 'paint' });
      } else if (!mod && (k === '[' || k === ']')) {
        engine.setBrush({ size: Math.max(0.1, engine.brush.size * (k === ']' ? 1.2 : 1 / 1.2)) });
      } else if (!mod && k === '0') {
        window.dispatchEvent(new Event('anime:fit'));
      } else if (mod && (k === 'c' || k === 'x') && engine.selection) {
        e.preventDefault();
        copySelection(engine, k === 'x', bufferToPngBlob);
      } else if (mod && k === 'a') {
        e.preventDefault();
        selectAll(engine);
      } else if (mod && k === 'd') {
        e.preventDefault();
        engine.setSelection(null);
      } else if (mod && e.shiftKey && k === 'i') {
        e.preventDefault();
        invert(engine);
      } else if ((e.key === 'Delete' || e.key === 'Backspace') && engine.selection) {
        engine.deleteSelection(engine.document.activeLayerId);
      } else if (e.key === 'Escape') {
        if (useAnime.getState().transform) set({ transform: null });
        else engine.setSelection(null);
      }
    };
    // Paste: a picture from the system clipboard at its own size, else what Copy took in the app.
    const onPaste = (e: ClipboardEvent) => {
      if (useAnime.getState().mode !== 'creative' || isTyping(e as unknown as KeyboardEvent)) return;
      const file = Array.from(e.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'));
      e.preventDefault();
      if (!file) {
        pasteCopied(engine, t('select.pastedLayer'));
        return;
      }
      fileToBuffer(file)
        .then((image) => engine.importImage(image, { name: t('select.pastedLayer'), scale: 1 }))
        .catch(() => toast('error', t('upload.notImage', { name: file.name || 'clipboard' })));
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('paste', onPaste);
    };
  }, [engine, set, t]);

  const importFiles = useCallback(
    async (files: FileList | File[]) => {
      for (const file of Array.from(files)) {
        try {
          if (/\.psd$/i.test(file.name) || file.type === 'image/vnd.adobe.photoshop') {
            if (engine.document.hasDrawing() && !window.confirm(t('upload.psdReplace'))) continue;
            // ag-psd is large: loaded only when a PSD is opened.
            const { readPsdFile } = await import('./lib/psd');
            engine.loadDocument(await readPsdFile(file), { undoable: true });
            window.dispatchEvent(new Event('anime:fit'));
          } else {
            const image = await fileToBuffer(file);
            const name = file.name.replace(/\.[^.]+$/, '').slice(0, 100);
            // On an empty canvas a larger picture sets the canvas size instead of being shrunk into it.
            if (!engine.document.hasDrawing() && (image.width > engine.document.width || image.height > engine.document.height)) {
              engine.openImage(image, name);
              window.dispatchEvent(new Event('anime:fit'));
            } else engine.importImage(image, { name: name || undefined, fit: 'contain' });
          }
          toast('success', t('upload.done', { name: file.name }));
        } catch (err) {
          const reason = err instanceof ImportError ? err.reason : 'notImage';
          toast('error', t(`upload.${reason}`, { name: file.name, count: err instanceof ImportError ? err.count : 0 }));
        }
      }
    },
    [engine, t],
  );

  const outline = async () => {
    // The outline is made on the server: offline, say why instead of failing.
    if (!isOnline()) return toast('info', t('common:offline.needs.generation'));
    toast('info', t('ai.working'), 2000);
    try {
      const image = bufferToDataUrl(engine.flatten(100, { r: 255, g: 255, b: 255, a: 255 }));
      // the line is as thick as the current brush (within the outline's 1-12 px)
      const thickness = Math.round(Math.min(OUTLINE_THICKNESS.max, Math.max(OUTLINE_THICKNESS.min, engine.brush.size)));
      const res = await call(imagesApi.outline, { body: { type: 'image', image, strength: 0.5, detailLevel: 0.5, thickness } });
      engine.importImage(await urlToBuffer(res.outlineUrl), { name: 'AI Outline', x: 0, y: 0, fit: 'contain' });
    } catch (err) {
      console.error('Outline failed', err);
      toast('error', (err as Error).message || t('ai.failed'));
    }
  };

  const editInCreate = async (url: string) => {
    set({ mode: 'creative' });
    try {
      // The picture opens at its own size as a new drawing; undo brings the previous one back.
      const image = await urlToBuffer(url);
      engine.openImage(image, 'AI Generated');
      window.dispatchEvent(new Event('anime:fit'));
      toast('success', t('ai.imported', { width: image.width, height: image.height }));
    } catch {
      toast('error', t('search.placeFailed'));
    }
  };

  const context: Record<ContextPanel, ReactNode> = {
    layers: <LayersPanel />,
    colors: <ColorsPanel />,
    history: <HistoryPanel />,
    export: <ExportPanel />,
    'search-photos': <PhotoSearchPanel />,
    templates: <TemplatesPanel />,
    poses: <PosesPanel />,
    customize: <CustomizePanel {...customize} />,
  };
  const floating: Record<FloatingPanel, ReactNode> = {
    'character-library': <CharacterLibraryPanel />,
    'ai-color-assistant': <ColorAssistantPanel />,
    'smart-brush': <SmartBrushPanel />,
    'version-history': <VersionHistoryPanel />,
  };

  if (characterLink.missing) {
    return (
      <NotFound
        title={tc('notFound.characterTitle')}
        body={tc('notFound.characterBody')}
        actions={
          <Button
            variant="primary"
            onClick={() => {
              characterLink.dismissMissing();
              toggle('character-library');
            }}
          >
            {tc('notFound.openLibrary')}
          </Button>
        }
      />
    );
  }
  return (
    <EngineContext.Provider value={engine}>
      <div className="anime-page" onDragOver={(e) => e.preventDefault()} onDrop={(e) => {
        e.preventDefault();
        if (e.dataTransfer.files.length > 0) void importFiles(e.dataTransfer.files);
      }}>
        <header className="anime-header">
          <BackButton label={t('toolbar.items.back')} onClick={back} />
          <h1 className="anime-title">
            <span className="gradient-text">{t('title')}</span>
            {characterName && <small className="muted"> · {characterName}</small>}
          </h1>
          <SegmentedControl
            className="an-mode-switch"
            label={t('mode.label')}
            value={mode}
            onValueChange={(m) => set({ mode: m })}
            options={[
              { value: 'creative', label: t('mode.create'), icon: <Palette aria-hidden /> },
              { value: 'ai-generate', label: t('mode.generate'), icon: <Sparkles aria-hidden /> },
            ]}
          />
        </header>
        {mode === 'creative' && <CanvasBar onSave={() => (panels.floating === 'character-library' ? undefined : toggle(characterId ? 'version-history' : 'character-library'))} />}
        <div className="anime-workspace" style={{ display: mode === 'creative' ? undefined : 'none' }}>
          <div className="anime-bg" style={backgroundLayerStyle(customize.background)} aria-hidden />
          <PaintCanvas />
          {mode === 'creative' && <Toolbar onBack={back} onUpload={() => fileRef.current?.click()} onOutline={outline} />}
          {panels.context && (
            <PanelFrame title={t(`toolbar.items.${panels.context}`)} onClose={() => toggle(panels.context!)}>
              {context[panels.context]}
            </PanelFrame>
          )}
          {panels.floating && (
            <PanelFrame floating title={t(`toolbar.items.${panels.floating}`)} onClose={() => toggle(panels.floating!)}>
              {floating[panels.floating]}
            </PanelFrame>
          )}
        </div>
        {mode === 'ai-generate' && (
          <div className="anime-generate">
            <Toolbar onBack={back} onUpload={() => fileRef.current?.click()} onOutline={outline} />
            <Suspense fallback={<div className="spinner" aria-busy />}>
              <AiGenerateScreen onEditInCreationMode={(url) => void editInCreate(url)} />
            </Suspense>
          </div>
        )}
        <input
          ref={fileRef}
          type="file"
          accept="image/*,.psd,image/vnd.adobe.photoshop"
          multiple
          hidden
          data-testid="anime-upload"
          onChange={(e) => {
            if (e.target.files) void importFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <ReferencesModal />
      </div>
    </EngineContext.Provider>
  );
}
