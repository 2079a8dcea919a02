import { buildLatex, LATEX_TEMPLATES, latexReadme, type LatexOptions, type LatexTemplate } from '@yumi/core';
import { toBibtex } from '@yumi/core/report/citations';
import { defaultHighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { stex } from '@codemirror/legacy-modes/mode/stex';
import { EditorView, lineNumbers } from '@codemirror/view';
import { strToU8, zipSync } from 'fflate';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { toast } from '../../../shared/ui/toast';
import { useCurrentUser } from '../../../shared/hooks/useCurrentUser';
import { useReport } from '../context';
import { download } from './download';

/** LaTeX Editor: templates wrap the report into a complete source; copy it or download a .zip project. */
export function LatexTool() {
  const { t } = useTranslation('report');
  const r = useReport();
  const [template, setTemplate] = useState<LatexTemplate>('article');
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const figureFiles = r.meta.figures.map((f, i) => ({ id: f.id, file: `figures/fig-${i + 1}.png`, image: f.image }));
  const { user } = useCurrentUser();
  // Citations and the reference list as the preview shows them (citeproc-js, the chosen CSL style).
  const options = (): LatexOptions => ({
    template,
    style: r.meta.style,
    figures: figureFiles,
    hasBibliography: r.meta.references.length > 0,
    author: user?.username,
    citations: r.bibliography.length ? { inText: r.inText, bibliography: r.bibliography } : undefined,
  });
  const source = () => buildLatex(r.report, options());

  useEffect(() => {
    if (!host.current) return;
    view.current = new EditorView({ doc: '', extensions: [lineNumbers(), StreamLanguage.define(stex), syntaxHighlighting(defaultHighlightStyle), EditorView.lineWrapping], parent: host.current });
    return () => view.current?.destroy();
  }, []);
  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: source() } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template, r.report, r.meta, r.inText, r.bibliography, user?.username]);

  const current = () => view.current?.state.doc.toString() ?? source();
  const copy = () => void navigator.clipboard.writeText(current()).then(() => toast('success', t('latex.copied')), () => undefined);
  const zip = () => {
    const files: Record<string, Uint8Array> = { 'main.tex': strToU8(current()), 'README.md': strToU8(latexReadme(options())) };
    if (r.meta.references.length) files['references.bib'] = strToU8(toBibtex(r.meta.references));
    for (const f of figureFiles) files[f.file] = Uint8Array.from(atob(f.image.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
    download(new Blob([zipSync(files) as BlobPart], { type: 'application/zip' }), `report-${template}.zip`);
  };
  return (
    <div className="rt-panel">
      <div className="tabs-list" role="group" aria-label={t('latex.templates')}>
        {LATEX_TEMPLATES.map((x) => (
          <button key={x} type="button" className="tab" aria-pressed={template === x} data-state={template === x ? 'active' : 'inactive'} onClick={() => setTemplate(x)}>{t(`latex.${x}`)}</button>
        ))}
      </div>
      <div ref={host} className="rt-codemirror" data-testid="latex-editor" />
      <div className="row-wrap">
        <Button size="sm" onClick={copy}>{t('latex.copy')}</Button>
        <Button size="sm" variant="primary" onClick={zip}>{t('latex.zip')}</Button>
      </div>
    </div>
  );
}
