import { reportApi, TABLE_MAX_ROWS } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/client';
import { extractFile } from '../../../shared/files/extract';
import { ArchiveError } from '../../../shared/files/unzip';
import { toast } from '../../../shared/ui/toast';
import { useReport } from '../context';
import { readTable } from './files';

const ACCEPT = 'image/*,text/*,.txt,.md,.pdf,.doc,.docx,.csv,.xlsx';

/**
 * Upload Files: name and size in KB; the text of TXT/Markdown, PDF (pdf.js) and DOCX files joins the
 * plagiarism corpus, tables feed the Chart Generator; a file that cannot be read says why.
 */
export function UploadTool() {
  const { t } = useTranslation('report');
  const r = useReport();
  const [files, setFiles] = useState<Array<{ name: string; size: number; note: string }>>([]);
  const onFiles = async (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      let note = '';
      try {
        if (/\.(csv|xlsx)$/i.test(file.name)) {
          const table = await readTable(file);
          r.setTable({ name: file.name, ...table });
          note = table.truncated ? t('upload.truncated', { max: TABLE_MAX_ROWS.toLocaleString() }) : t('upload.table', { rows: table.rows.length });
        } else {
          const got = await extractFile(file);
          if (got.error) {
            note = t(`upload.errors.${got.error}`);
            toast('error', note);
          } else if (got.text && r.signedIn) {
            await call(reportApi.addPlagiarismSource, { body: { title: file.name, text: got.text } });
            note = got.truncated ? `${t('upload.corpus')} ${t('upload.textTruncated')}` : t('upload.corpus');
          } else if (got.text) note = t('upload.signInCorpus');
          else note = '';
        }
      } catch (err) {
        if (err instanceof ArchiveError) note = t(err.problem === 'invalid' ? 'upload.archiveInvalid' : 'upload.archiveTooLarge');
        else note = (err as Error).message;
        toast('error', note);
      }
      setFiles((f) => [...f, { name: file.name, size: file.size, note }]);
    }
  };
  return (
    <div className="rt-panel">
      <label className="btn btn-primary btn-sm">
        {t('upload.choose')}
        <input type="file" multiple accept={ACCEPT} className="visually-hidden" aria-label={t('upload.choose')} onChange={(e) => void onFiles(e.target.files)} />
      </label>
      <ul className="rt-files" data-testid="uploaded-files">
        {files.map((f, i) => (
          <li key={i}>
            <span>{f.name}</span> <span className="muted">{t('upload.size', { kb: (f.size / 1024).toFixed(1) })}</span>
            {f.note && <div className="small muted">{f.note}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
