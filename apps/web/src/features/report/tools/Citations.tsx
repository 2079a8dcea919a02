import { CITATION_STYLES, CITATION_STYLE_LABELS, checkCitations, type CslItem } from '@yumi/core';
import { parseReferences, REFERENCE_INPUT_MAX, ReferenceParseError, toBibtex } from '@yumi/core/report/citations';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../shared/ui/Button';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl';
import { useReport } from '../context';
import { Rich } from '../Rich';
import { downloadBlob } from '../../../shared/files/download';
import { addReference } from './references';

/**
 * Citation Manager: style, add by paste or by file (BibTeX, RIS, CSL-JSON: a Zotero export), or by form;
 * export the list as .bib; live bibliography.
 */
export function CitationsTool() {
  const { t } = useTranslation('report');
  const r = useReport();
  const [paste, setPaste] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ author: '', title: '', year: '', journal: '', doi: '' });
  /** Adds what a paste or a file holds; true when it could be read. */
  const addText = (text: string) => {
    try {
      addReference(r, parseReferences(text, new Set(r.meta.references.map((x) => x.id))), t);
      setError(null);
      return true;
    } catch (err) {
      if (!(err instanceof ReferenceParseError)) throw err;
      const p = err.problem;
      setError(t(`citations.errors.${p.code}`, p.code === 'tooLong' ? { max: p.max.toLocaleString() } : p));
      return false;
    }
  };
  const addPaste = () => {
    if (addText(paste)) setPaste('');
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    // Checked before reading: a file this size cannot be a reference list (UTF-8 is at least a byte a character).
    if (file.size > REFERENCE_INPUT_MAX * 4) {
      setError(t('citations.fileTooLarge', { name: file.name }));
      return;
    }
    addText(await file.text());
  };
  const exportBib = () => downloadBlob(new Blob([toBibtex(r.meta.references)], { type: 'application/x-bibtex' }), 'references.bib');
  const addForm = () => {
    if (!form.title.trim()) return;
    const item: CslItem = {
      id: 'form',
      type: 'article-journal',
      title: form.title.trim(),
      author: form.author.split(/;| and /).map((a) => a.trim()).filter(Boolean).map((a) => (a.includes(',') ? { family: a.split(',')[0]!.trim(), given: a.split(',')[1]!.trim() } : { family: a.split(' ').at(-1)!, given: a.split(' ').slice(0, -1).join(' ') })),
      ...(Number(form.year) ? { issued: { 'date-parts': [[Number(form.year)]] } } : {}),
      ...(form.journal.trim() ? { 'container-title': form.journal.trim() } : {}),
      ...(form.doi.trim() ? { DOI: form.doi.trim() } : {}),
    };
    addReference(r, [item], t);
    setForm({ author: '', title: '', year: '', journal: '', doi: '' });
  };
  const check = checkCitations(r.report, r.meta.references);
  return (
    <div className="rt-panel">
      <SegmentedControl
        label={t('citations.style')}
        value={r.meta.style}
        onValueChange={(style) => r.updateMeta({ style })}
        options={CITATION_STYLES.map((s) => ({ value: s, label: t(`citations.styleNames.${s}`, { defaultValue: CITATION_STYLE_LABELS[s] }) }))}
      />
      <label className="field">
        <span>{t('citations.paste')}</span>
        <textarea className="input mono" rows={4} value={paste} onChange={(e) => setPaste(e.target.value)} placeholder={t('citations.pastePlaceholder')} />
      </label>
      {error && <div className="alert alert-error" role="alert">{error}</div>}
      <div className="row-wrap">
        <Button size="sm" variant="primary" disabled={!paste.trim()} onClick={addPaste}>{t('citations.addPaste')}</Button>
        <label className="btn btn-sm">
          {t('citations.importFile')}
          <input type="file" accept=".bib,.bibtex,.ris,.json,.txt" className="visually-hidden" aria-label={t('citations.importFile')} onChange={(e) => { void importFile(e.target.files?.[0]); e.target.value = ''; }} />
        </label>
        <Button size="sm" disabled={!r.meta.references.length} onClick={exportBib}>{t('citations.exportBib')}</Button>
      </div>
      <details>
        <summary>{t('citations.form')}</summary>
        {(['author', 'title', 'year', 'journal', 'doi'] as const).map((f) => (
          <label key={f} className="field">
            <span>{t(`citations.fields.${f}`)}</span>
            <input className="input" value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.target.value })} />
          </label>
        ))}
        <Button size="sm" disabled={!form.title.trim()} onClick={addForm}>{t('citations.addForm')}</Button>
      </details>
      <h4>{t('citations.list', { count: r.meta.references.length })}</h4>
      <ul className="rt-refs" data-testid="reference-list">
        {r.meta.references.map((ref) => (
          <li key={ref.id}>
            <Button size="sm" title={t('citations.insert')} onClick={() => r.insertAtCursor(` [@${ref.id}]`)}>[@{ref.id}]</Button>
            <span className="small">{ref.title}</span>
            <IconButton className="small" label={t('citations.remove', { key: ref.id })} onClick={() => r.updateMeta((m) => ({ references: m.references.filter((x) => x.id !== ref.id) }))}>
              <X aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      {!check.ok && r.meta.references.length > 0 && <p className="small muted">{t('citations.checkHint')}</p>}
      {r.bibliography.length > 0 && (
        <ul className="rt-bib" data-testid="bibliography">
          {r.bibliography.map((b, i) => <li key={i}><Rich text={b} /></li>)}
        </ul>
      )}
    </div>
  );
}
