import { MENTION_PATTERN, type CommentThread, type DocumentComment } from '@yumi/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { AcceptIcon, RejectIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast';
import { presenceColor } from '../presence';
import { usePersonName } from '../usePersonName';
import { CommentBox } from './CommentBox';
import type { Comments } from './useComments';

/** A comment's text with its @mentions marked (as text: a comment is never HTML). */
function Body({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION_PATTERN)) {
    parts.push(text.slice(at, m.index), <span key={m.index} className="comment-mention">{m[0]}</span>);
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return <p className="comment-body">{parts}</p>;
}

interface Props {
  thread: CommentThread;
  active: boolean;
  /** The commented text was deleted: the thread shows its quote and cannot be found in the text. */
  detached: boolean;
  me: string;
  owner: boolean;
  canComment: boolean;
  /** Editors and the owner accept or reject suggestions. */
  canEdit: boolean;
  people: string[];
  comments: Comments;
  onOpen(): void;
}

/** What a suggestion proposes, as track changes show it: the struck text, then the proposed text, in its author's colour. */
function Change({ thread }: { thread: CommentThread }) {
  const { t } = useTranslation('writing');
  const insert = thread.suggestion!.insert;
  const kind = !thread.quote ? 'insert' : !insert ? 'delete' : 'replace';
  return (
    <p className="suggestion-change" style={{ ['--suggest' as string]: presenceColor(thread.comments[0]!.authorId) }}>
      <span className="suggestion-kind">{t(`suggestions.kind.${kind}`)}</span>
      {thread.quote && <del className="suggestion-del">{thread.quote}</del>}
      {insert && <ins className="suggestion-ins">{insert}</ins>}
    </p>
  );
}

export function ThreadCard({ thread, active, detached, me, owner, canComment, canEdit, people, comments, onOpen }: Props) {
  const { t, i18n } = useTranslation('writing');
  const [replying, setReplying] = useState(false);
  const nameOf = usePersonName();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const run = (work: Promise<unknown>) => void work.catch((err: Error) => toast('error', err.message || t('comments.failed')));
  const canDelete = (c: DocumentComment) => owner || c.authorId === me;
  const [opening, ...replies] = thread.comments;
  const suggestion = thread.suggestion;
  const open = !thread.resolved;

  const line = (c: DocumentComment, reply: boolean) => (
    <li key={c.id} className="comment" data-testid="comment">
      <div className="comment-head">
        <span className="comment-avatar" style={{ background: presenceColor(c.authorId) }} aria-hidden>
          {[...nameOf(c.authorName)][0]?.toUpperCase()}
        </span>
        <strong className="comment-author">{nameOf(c.authorName)}</strong>
        <time className="muted small" dateTime={c.createdAt}>
          {when.format(new Date(c.createdAt))}
        </time>
        {reply && canDelete(c) && (
          <button type="button" className="comment-link" onClick={() => run(comments.removeReply(thread.id, c.id))}>
            {t('comments.delete')}
          </button>
        )}
      </div>
      {c.body && <Body text={c.body} />}
    </li>
  );

  return (
    <article
      className={`comment-thread${active ? ' active' : ''}${thread.resolved ? ' resolved' : ''}${suggestion ? ' suggestion' : ''}`}
      data-testid={suggestion ? 'suggestion-thread' : 'comment-thread'}
      data-thread={thread.id}
      aria-label={suggestion ? t('suggestions.threadBy', { name: nameOf(opening!.authorName) }) : t('comments.threadOn', { quote: thread.quote })}
    >
      {suggestion ? (
        <button type="button" className="suggestion-open" onClick={onOpen} title={t('comments.showInText')} disabled={detached}>
          <Change thread={thread} />
        </button>
      ) : (
        <button type="button" className={`comment-quote${detached ? ' detached' : ''}`} onClick={onOpen} title={t('comments.showInText')} disabled={detached}>
          {thread.quote}
        </button>
      )}
      {detached && <p className="muted small">{t(suggestion ? 'suggestions.detached' : 'comments.detached')}</p>}
      <ul className="comment-list">{[line(opening!, false), ...replies.map((r) => line(r, true))]}</ul>
      {thread.resolved && thread.resolvedBy && (
        <p className="muted small">
          {suggestion?.outcome ? t(`suggestions.${suggestion.outcome}By`, { name: nameOf(thread.resolvedBy) }) : t('comments.resolvedBy', { name: nameOf(thread.resolvedBy) })}
        </p>
      )}
      <div className="comment-actions">
        {suggestion && open && canEdit && (
          <>
            <Button size="sm" variant="primary" onClick={() => run(comments.accept(thread.id))} data-testid="suggestion-accept">
              <AcceptIcon /> {t('suggestions.accept')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => run(comments.reject(thread.id))} data-testid="suggestion-reject">
              <RejectIcon /> {t('suggestions.reject')}
            </Button>
          </>
        )}
        {canComment && !thread.resolved && !replying && (
          <Button size="sm" variant="ghost" onClick={() => setReplying(true)}>
            {t('comments.reply')}
          </Button>
        )}
        {canComment && !suggestion && (
          <Button size="sm" variant="ghost" onClick={() => run(comments.resolve(thread.id, !thread.resolved))}>
            {thread.resolved ? t('comments.reopen') : t('comments.resolve')}
          </Button>
        )}
        {canDelete(opening!) && (
          <Button size="sm" variant="ghost" onClick={() => run(comments.removeThread(thread.id))}>
            {t(suggestion && open && opening!.authorId === me ? 'suggestions.withdraw' : 'comments.deleteThread')}
          </Button>
        )}
      </div>
      {replying && (
        <CommentBox
            label={t('comments.replyLabel')}
            submitLabel={t('comments.send')}
            people={people}
            autoFocus
            onSubmit={async (body) => {
              const res = await comments.reply(thread.id, body);
              if (res.mailed.length) toast('success', t('comments.mailed', { names: res.mailed.join(', ') }));
              setReplying(false);
            }}
            onCancel={() => setReplying(false)}
          />
      )}
    </article>
  );
}
