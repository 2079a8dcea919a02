import type { CommentAnchor, CommentThread } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { toast } from '../../../ui/toast';
import { CommentBox } from './CommentBox';
import { ThreadCard } from './ThreadCard';
import type { Comments } from './useComments';

/** A thread about to be opened on the selected text. */
export interface CommentDraft {
  anchor: CommentAnchor;
  quote: string;
}

interface Props {
  comments: Comments;
  draft: CommentDraft | null;
  onDraftDone(): void;
  active: string | null;
  onOpen(thread: CommentThread): void;
  isDetached(thread: CommentThread): boolean;
  me: string;
  owner: boolean;
  canComment: boolean;
  canEdit: boolean;
  people: string[];
}

/** The comments beside a shared document: a new thread on the selection, then the open or the resolved threads. */
export function CommentsPanel({ comments, draft, onDraftDone, active, onOpen, isDetached, me, owner, canComment, canEdit, people }: Props) {
  const { t } = useTranslation('writing');
  const [show, setShow] = useState<'open' | 'resolved'>('open');
  const open = comments.threads.filter((th) => !th.resolved);
  const resolved = comments.threads.filter((th) => th.resolved);
  const shown = show === 'open' ? open : resolved;
  const openSuggestions = open.filter((th) => th.suggestion).length;
  const [deciding, setDeciding] = useState(false);
  const decideAll = async (accept: boolean) => {
    setDeciding(true);
    try {
      if (!accept) return void toast('success', t('suggestions.rejectedAll', { count: (await comments.rejectAll()).rejected }));
      const { accepted, skipped } = await comments.acceptAll();
      toast(skipped ? 'info' : 'success', t('suggestions.acceptedAll', { count: accepted }) + (skipped ? ` ${t('suggestions.skipped', { count: skipped })}` : ''));
    } catch (err) {
      toast('error', (err as Error).message || t('comments.failed'));
    } finally {
      setDeciding(false);
    }
  };

  return (
    <aside className="comments-panel" aria-label={t('comments.title')} data-testid="comments-panel">
      <div className="comments-head">
        <h2 className="comments-title">{t('comments.title')}</h2>
        <SegmentedControl
          label={t('comments.filter')}
          value={show}
          onValueChange={setShow}
          options={[
            { value: 'open', label: t('comments.open', { count: open.length }) },
            { value: 'resolved', label: t('comments.resolved', { count: resolved.length }) },
          ]}
        />
        {canEdit && openSuggestions > 1 && show === 'open' && (
          <div className="suggestions-all" role="group" aria-label={t('suggestions.all', { count: openSuggestions })}>
            <span className="muted small">{t('suggestions.all', { count: openSuggestions })}</span>
            <Button size="sm" variant="ghost" disabled={deciding} onClick={() => void decideAll(true)} data-testid="suggestions-accept-all">
              {t('suggestions.acceptAll')}
            </Button>
            <Button size="sm" variant="ghost" disabled={deciding} onClick={() => void decideAll(false)} data-testid="suggestions-reject-all">
              {t('suggestions.rejectAll')}
            </Button>
          </div>
        )}
      </div>
      {draft && (
        <div className="comment-thread active comment-draft">
          <blockquote className="comment-quote">{draft.quote}</blockquote>
          <CommentBox
            label={t('comments.newLabel')}
            submitLabel={t('comments.add')}
            people={people}
            autoFocus
            onSubmit={async (body) => {
              const res = await comments.create(draft.anchor, draft.quote, body);
              if (res.mailed.length) toast('success', t('comments.mailed', { names: res.mailed.join(', ') }));
              onDraftDone();
              onOpen(res.thread);
            }}
            onCancel={onDraftDone}
          />
        </div>
      )}
      {comments.error && <p className="error-text">{comments.error.message}</p>}
      {comments.loading && <div className="spinner" aria-busy="true" />}
      {!comments.loading && shown.length === 0 && !draft && (
        <p className="muted small comments-empty">{show === 'resolved' ? t('comments.noneResolved') : resolved.length > 0 ? t('comments.noneOpen') : canComment ? t('comments.emptyHint') : t('comments.empty')}</p>
      )}
      <div className="comments-list">
        {shown.map((thread) => (
          <ThreadCard
            key={thread.id}
            thread={thread}
            active={thread.id === active}
            detached={isDetached(thread)}
            me={me}
            owner={owner}
            canComment={canComment}
            canEdit={canEdit}
            people={people}
            comments={comments}
            onOpen={() => onOpen(thread)}
          />
        ))}
      </div>
    </aside>
  );
}
