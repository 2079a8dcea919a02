import { parseScene, toBlogMarkdown, toRenpy } from '@yumi/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { toast } from '../../../shared/ui/toast';
import { useWriting } from '../context';
import { ToolHeader } from './ToolHeader';
import { downloadBlob } from '../../../shared/files/download';

const fileName = (title: string) => title.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 60) || 'scene';

/** Visual-novel scenes: speaker lines, narration and choices, previewed and exported to Ren'Py and Markdown. */
export function GalgameTool() {
  const { t } = useTranslation('writing');
  const { editor } = useWriting();
  const [title, setTitle] = useState('');
  const [script, setScript] = useState('');
  const scene = useMemo(() => parseScene(title || t('galgame.untitled'), script), [title, script, t]);

  const copyMd = async () => {
    try {
      await navigator.clipboard.writeText(toBlogMarkdown(scene));
      toast('success', t('galgame.copied'));
    } catch {
      toast('error', t('social.copyFailed'));
    }
  };

  return (
    <div className="tool-body">
      <ToolHeader id="galgame-blog" />
      <label className="field">
        <span>{t('galgame.title')}</span>
        <input className="input" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} placeholder={t('galgame.untitled')} />
      </label>
      <label className="field">
        <span>{t('galgame.script')}</span>
        <textarea className="textarea mono" rows={7} value={script} onChange={(e) => setScript(e.target.value.slice(0, 100_000))} placeholder={t('galgame.placeholder')} />
      </label>
      <p className="small muted">{t('galgame.syntax')}</p>
      <Button size="sm" onClick={() => setScript(editor.selectedText() || editor.getText().slice(0, 100_000))}>
        {t('galgame.fromEditor')}
      </Button>
      <div className="vn-preview" aria-label={t('galgame.preview')} data-testid="vn-preview">
        {scene.lines.length === 0 && <p className="muted small">{t('galgame.empty')}</p>}
        {scene.lines.slice(0, 200).map((line, i) =>
          line.kind === 'say' ? (
            <div key={i} className="vn-say">
              <span className="vn-name">{line.speaker}</span>
              <p>{line.text}</p>
            </div>
          ) : line.kind === 'narration' ? (
            <p key={i} className="vn-narration">
              {line.text}
            </p>
          ) : (
            <div key={i} className="vn-choice">
              {line.prompt && <p className="small">{line.prompt}</p>}
              {line.options.map((o, j) => (
                <span key={j} className="vn-option">
                  {o}
                </span>
              ))}
            </div>
          ),
        )}
      </div>
      <div className="row wrap">
        <Button size="sm" disabled={!scene.lines.length} onClick={() => downloadBlob(toRenpy(scene), `${fileName(scene.title)}.rpy`)}>
          {t('galgame.exportRenpy')}
        </Button>
        <Button size="sm" disabled={!scene.lines.length} onClick={() => downloadBlob(toBlogMarkdown(scene), `${fileName(scene.title)}.md`, 'text/markdown;charset=utf-8')}>
          {t('galgame.exportMarkdown')}
        </Button>
        <Button size="sm" disabled={!scene.lines.length} onClick={() => void copyMd()}>
          {t('galgame.copyMarkdown')}
        </Button>
        <Button size="sm" variant="primary" disabled={!scene.lines.length} onClick={() => editor.insertAtCursor(`\n${toBlogMarkdown(scene)}\n`)}>
          {t('galgame.insert')}
        </Button>
      </div>
    </div>
  );
}
