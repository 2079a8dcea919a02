import { formatKb, MAX_UPLOAD_FILES } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { useWriting } from '../context';
import { attachments, type Attachment } from '../lib/attachments';
import { extractFile, type ExtractError } from '../../../shared/files/extract';
import { ToolHeader } from './ToolHeader';

interface Row {
  key: string;
  name: string;
  size: number;
  state: 'working' | 'added' | 'attached' | 'error';
  error?: ExtractError;
  truncated?: boolean;
}

const ACCEPT = 'image/*,.txt,.md,.markdown,.csv,.json,.tex,.html,.pdf,.doc,.docx,text/plain,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Several files at once: text, PDF and DOCX are extracted into the document; images become attachments. */
export default function UploadTool() {
  const { t } = useTranslation('writing');
  const { editor, docs } = useWriting();
  const docId = docs.doc?.id ?? '';
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['writing', 'attachments', docId], queryFn: () => attachments.list(docId), enabled: !!docId });

  const handle = async (files: File[]) => {
    setMessage(null);
    if (files.length === 0) return;
    if (files.length > MAX_UPLOAD_FILES) {
      setMessage(t('upload.tooMany', { n: files.length, max: MAX_UPLOAD_FILES }));
      return;
    }
    const batch: Row[] = files.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, name: f.name, size: f.size, state: 'working' }));
    setRows((r) => [...batch, ...r].slice(0, 100));
    const patch = (key: string, p: Partial<Row>) => setRows((r) => r.map((x) => (x.key === key ? { ...x, ...p } : x)));
    // One file at a time keeps the page responsive with big PDFs.
    for (const [i, file] of files.entries()) {
      const row = batch[i]!;
      const result = await extractFile(file);
      if (result.kind === 'image' && !result.error) {
        await attachments.add({ id: crypto.randomUUID(), docId, name: file.name, type: file.type || 'image/*', size: file.size, blob: file, addedAt: new Date().toISOString() });
        patch(row.key, { state: 'attached' });
        continue;
      }
      if (result.error || result.text === undefined) {
        patch(row.key, { state: 'error', error: result.error ?? 'unsupported' });
        continue;
      }
      const current = editor.getText();
      const sep = current.trim() ? (current.endsWith('\n') ? '\n' : '\n\n') : '';
      const ok = editor.replaceRange(current.length, current.length, `${sep}${result.text}\n`);
      patch(row.key, ok ? { state: 'added', truncated: result.truncated } : { state: 'error', error: 'tooLarge' });
    }
    void client.invalidateQueries({ queryKey: ['writing', 'attachments', docId] });
  };

  return (
    <div className="tool-body">
      <ToolHeader id="upload" />
      <div
        className={`dropzone ${over ? 'over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void handle([...e.dataTransfer.files]);
        }}
      >
        <p>{t('upload.drop')}</p>
        <Button size="sm" variant="primary" onClick={() => input.current?.click()}>
          {t('upload.choose')}
        </Button>
        <p className="small muted">{t('upload.accepts', { max: MAX_UPLOAD_FILES })}</p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          data-testid="upload-input"
          aria-label={t('upload.choose')}
          onChange={(e) => {
            void handle([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {message && (
        <p className="alert alert-error small" role="alert">
          {message}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="file-list" data-testid="upload-list">
          {rows.map((r) => (
            <li key={r.key} className={`file-row ${r.state}`}>
              <span className="file-name" title={r.name}>
                {r.name}
              </span>
              <span className="muted small">{formatKb(r.size)}</span>
              <span className="small file-state">
                {r.state === 'error' ? t(`upload.errors.${r.error}`) : t(`upload.states.${r.state}`)}
                {r.truncated ? ` ${t('upload.truncated')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <AttachmentGallery items={list.data ?? []} onRemove={async (id) => {
        await attachments.remove(id);
        void client.invalidateQueries({ queryKey: ['writing', 'attachments', docId] });
      }} />
    </div>
  );
}

function AttachmentGallery({ items, onRemove }: { items: Attachment[]; onRemove(id: string): void }) {
  const { t } = useTranslation('writing');
  const urls = useMemo(() => new Map(items.map((a) => [a.id, URL.createObjectURL(a.blob)])), [items]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  if (!items.length) return null;
  return (
    <>
      <h4 className="small">{t('upload.attachments')}</h4>
      <ul className="attachments">
        {items.map((a) => (
          <li key={a.id}>
            <a href={urls.get(a.id)} download={a.name} title={a.name}>
              <img src={urls.get(a.id)} alt={a.name} />
            </a>
            <span className="small muted">{formatKb(a.size)}</span>
            <button type="button" className="link-btn small" onClick={() => onRemove(a.id)}>
              {t('novel.remove')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
