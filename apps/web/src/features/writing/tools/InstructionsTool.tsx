import { EDIT_TEXT_MAX_CHARS } from '@yumi/core';
import { Check, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { diffWords } from '../../../shared/writing';
import { useWriting } from '../context';
import { editText } from '../lib/ai';
import { AiError } from '../../../shared/ai';
import { useAiRun } from '../useAiRun';
import { ToolHeader } from './ToolHeader';

/** Free-form instructions applied to the selection or the whole text, previewed before acceptance. */
export function InstructionsTool() {
  const { t } = useTranslation('writing');
  const { editor, ai } = useWriting();
  const [instructions, setInstructions] = useState('');
  const [preview, setPreview] = useState<{ start: number; end: number; before: string; after: string } | null>(null);
  const { running, error, run, stop, setError } = useAiRun();
  const parts = useMemo(() => (preview ? diffWords(preview.before, preview.after) : []), [preview]);

  const apply = () =>
    run(async (signal) => {
      const sel = editor.getSelection();
      const whole = sel.start === sel.end;
      const start = whole ? 0 : sel.start;
      const end = whole ? editor.getText().length : sel.end;
      const before = editor.getText().slice(start, end);
      if (before.length > EDIT_TEXT_MAX_CHARS) {
        setError(new Error(t('instructions.tooLong', { max: EDIT_TEXT_MAX_CHARS.toLocaleString() })));
        return;
      }
      const after = await editText({ instructions: instructions.trim(), text: before, context: ai }, signal);
      setPreview({ start, end, before, after });
    });

  const accept = () => {
    if (!preview) return;
    // The text may have changed meanwhile: only replace if the original passage is still there.
    const current = editor.getText();
    const at = current.slice(preview.start, preview.end) === preview.before ? preview.start : current.indexOf(preview.before);
    if (at < 0) {
      setError(new Error(t('instructions.moved')));
      return;
    }
    editor.replaceRange(at, at + preview.before.length, preview.after);
    setPreview(null);
  };

  return (
    <div className="tool-body">
      <ToolHeader id="instructions" />
      <label className="field">
        <span>{t('instructions.label')}</span>
        <textarea
          className="textarea"
          rows={3}
          maxLength={2000}
          value={instructions}
          placeholder={t('instructions.placeholder')}
          onChange={(e) => setInstructions(e.target.value)}
        />
      </label>
      <p className="small muted">{t('instructions.scope')}</p>
      <div className="row">
        {running ? (
          <Button size="sm" variant="danger" onClick={stop}>
            ■ {t('continue.stop')}
          </Button>
        ) : (
          <Button size="sm" variant="primary" disabled={!instructions.trim() || !editor.getText().trim()} onClick={() => void apply()}>
            {t('instructions.apply')}
          </Button>
        )}
      </div>
      <AiError error={error} />
      {preview && (
        <div className="preview card" data-testid="instructions-preview">
          <h4 className="small">{t('instructions.preview')}</h4>
          <div className="version-text diff small">
            {parts.map((p, i) =>
              p.kind === 'same' ? <span key={i}>{p.text}</span> : p.kind === 'added' ? <ins key={i}>{p.text}</ins> : <del key={i}>{p.text}</del>,
            )}
          </div>
          <div className="row">
            <Button size="sm" variant="primary" onClick={accept}>
              <Check aria-hidden="true" /> {t('instructions.accept')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPreview(null)}>
              <X aria-hidden="true" /> {t('instructions.reject')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
