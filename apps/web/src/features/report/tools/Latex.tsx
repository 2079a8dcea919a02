import { buildLatex, LANGUAGES, LATEX_TEMPLATES, latexFigureFiles, latexProjectZip, type Language, type LatexOptions, type LatexTemplate } from '@yumi/core';
import { toBibtex } from '@yumi/core/report/citations';
import { defaultHighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { stex } from '@codemirror/legacy-modes/mode/stex';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl';
import { toast } from '../../../shared/ui/toast';
import { useCurrentUser } from '../../../shared/hooks/useCurrentUser';
import { useReport } from '../context';
import { downloadBlob } from '../../../shared/files/download';

/**
 * LaTeX Editor. It shows the source generated from the report (read-only, following every keystroke);
 * "Edit as LaTeX" turns it into a hand-edited copy saved with the report (meta.latex), which the report's
 * text no longer changes until "Back to generated source". Copy and the .zip use what is shown; the .zip is
 * built here, offline, by the same core code as POST /api/report/export/latex.
 */
export function LatexTool() {
  const { t, i18n } = useTranslation('report');
  const r = useReport();
  const saved = r.meta.latex;
  const [picked, setPicked] = useState<LatexTemplate>('article');
  const template = saved?.template ?? picked;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const { user } = useCurrentUser();
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  // Citations and the reference list as the preview shows them (citeproc-js, the chosen CSL style).
  const options = (): LatexOptions => ({
    template,
    style: r.meta.style,
    figures: latexFigureFiles(r.meta.figures),
    hasBibliography: r.meta.references.length > 0,
    author: user?.username,
    language,
    citations: r.bibliography.length ? { inText: r.inText, notes: r.notes, bibliography: r.bibliography } : undefined,
  });
  // Hand edits go to the report's meta (saved with it, debounced); the latest updateMeta is read at edit time.
  const onEdit = useRef<(source: string) => void>(() => undefined);
  onEdit.current = (source) => r.updateMeta((m) => (m.latex ? { latex: { ...m.latex, source } } : {}));

  useEffect(() => {
    if (!host.current) return;
    view.current = new EditorView({
      doc: '',
      extensions: [
        lineNumbers(),
        StreamLanguage.define(stex),
        syntaxHighlighting(defaultHighlightStyle),
        EditorView.lineWrapping,
        editable.current.of([EditorState.readOnly.of(true), EditorView.editable.of(false)]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && u.transactions.some((tr) => tr.isUserEvent('input') || tr.isUserEvent('delete') || tr.isUserEvent('undo') || tr.isUserEvent('redo'))) onEdit.current(u.state.doc.toString());
        }),
        EditorView.contentAttributes.of({ 'aria-label': 'main.tex' }),
      ],
      parent: host.current,
    });
    return () => view.current?.destroy();
  }, []);

  // Generated: follow the report. Hand-edited: show the saved copy once (it changes only by typing).
  const shown = saved ? saved.source : null;
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const next = shown ?? buildLatex(r.report, options());
    if (next !== v.state.doc.toString()) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: next } });
    v.dispatch({ effects: editable.current.reconfigure(saved ? [] : [EditorState.readOnly.of(true), EditorView.editable.of(false)]) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template, shown === null, shown === null ? r.report : null, r.meta.style, r.meta.references, r.meta.figures, r.inText, r.bibliography, user?.username, language]);

  const current = () => view.current?.state.doc.toString() ?? buildLatex(r.report, options());
  const copy = () => void navigator.clipboard.writeText(current()).then(() => toast('success', t('latex.copied')), () => undefined);
  const editAsLatex = () => r.updateMeta({ latex: { template, source: current() } });
  const backToGenerated = () => {
    if (window.confirm(t('latex.discardConfirm'))) r.updateMeta({ latex: undefined });
  };
  const zip = () => {
    const bytes = latexProjectZip({
      ...options(),
      report: r.report,
      figureImages: r.meta.figures,
      bibtex: r.meta.references.length ? toBibtex(r.meta.references) : undefined,
      mainTex: saved ? current() : undefined,
    });
    downloadBlob(new Blob([bytes as BlobPart], { type: 'application/zip' }), `report-${template}.zip`);
  };
  return (
    <div className="rt-panel">
      <SegmentedControl label={t('latex.templates')} value={template} onValueChange={setPicked} options={LATEX_TEMPLATES.map((x) => ({ value: x, label: t(`latex.${x}`), disabled: !!saved && x !== template }))} />
      <p className="muted" data-testid="latex-mode">{saved ? t('latex.editedNote') : t('latex.generatedNote')}</p>
      <div ref={host} className="rt-codemirror" data-testid="latex-editor" />
      <div className="row-wrap">
        {saved ? (
          <Button size="sm" onClick={backToGenerated}>{t('latex.backToGenerated')}</Button>
        ) : (
          <Button size="sm" onClick={editAsLatex}>{t('latex.editAsLatex')}</Button>
        )}
        <Button size="sm" onClick={copy}>{t('latex.copy')}</Button>
        <Button size="sm" variant="primary" onClick={zip}>{t('latex.zip')}</Button>
      </div>
    </div>
  );
}
