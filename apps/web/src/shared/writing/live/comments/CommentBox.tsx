import { MAX_COMMENT_CHARS } from '@yumi/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast';

interface Props {
  label: string;
  submitLabel: string;
  /** Names of the people with access (not me), offered as @mentions. */
  people: string[];
  autoFocus?: boolean;
  onSubmit(body: string): Promise<unknown>;
  onCancel?(): void;
}

/** A comment or reply being written: Ctrl/⌘+Enter sends, Escape cancels, and people with access can be @mentioned. */
export function CommentBox({ label, submitLabel, people, autoFocus, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('writing');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    if (!body.trim() || busy) return;
    setBusy(true);
    try {
      await onSubmit(body.trim());
      setBody('');
    } catch (err) {
      // The text stays in the box, so nothing written is lost.
      toast('error', (err as Error).message || t('comments.failed'));
    } finally {
      setBusy(false);
    }
  };
  const mention = (name: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? body.length;
    const before = body.slice(0, at);
    const insert = `${before && !/\s$/.test(before) ? ' ' : ''}@${name} `;
    setBody(before + insert + body.slice(at));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + insert.length, at + insert.length);
    });
  };

  return (
    <form
      className="comment-box"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <textarea
        ref={area}
        className="input comment-input"
        aria-label={label}
        placeholder={t('comments.placeholder')}
        value={body}
        maxLength={MAX_COMMENT_CHARS}
        rows={2}
        autoFocus={autoFocus}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          } else if (e.key === 'Escape' && onCancel) {
            e.preventDefault();
            onCancel();
          }
        }}
      />
      {people.length > 0 && (
        <div className="comment-mentions" role="group" aria-label={t('comments.mention')}>
          {people.map((name) => (
            <button key={name} type="button" className="comment-mention-chip" onClick={() => mention(name)}>
              @{name}
            </button>
          ))}
        </div>
      )}
      <div className="comment-box-actions">
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('comments.cancel')}
          </Button>
        )}
        <Button size="sm" variant="primary" type="submit" disabled={busy || !body.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
