import { roleAllows, sharingApi, type CommentThread, type DocumentRole } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { Button } from '../../ui/Button';
import { AddCommentIcon, CommentIcon, HistoryIcon, SuggestIcon } from '../../ui/icons';
import { toast } from '../../ui/toast';
import type { DocumentAutosave } from '../useDocumentAutosave';
import { makeAnchor, resolveAnchor } from './comments/anchors';
import { CommentsPanel, type CommentDraft } from './comments/CommentsPanel';
import { useComments } from './comments/useComments';
import { HistoryPanel } from './history/HistoryPanel';
import { presenceColor } from './presence';
import { SuggestionSync } from './suggestions/sync';
import './comments/comments.css';
import { LiveEditor, type LiveEditorApi, type LiveEditorHandle } from './LiveEditor';
import type { LiveText } from './useLiveText';

interface Props {
  docs: DocumentAutosave;
  live: LiveText;
  readOnly: boolean;
  label: string;
  placeholder: string;
  className?: string;
  onSelectionChange?(s: { start: number; end: number }): void;
}

/**
 * A shared document's editor wired to its autosave (the shared text is shown and counted as the document's
 * text, and a tool's change of the text goes into the shared text instead of a save), with its comments:
 * a toolbar to comment on the selection and show the threads, highlights in the text, and the threads panel.
 */
export const LiveDocumentEditor = forwardRef<LiveEditorApi, Props>(function LiveDocumentEditor({ docs, live, className, onSelectionChange, readOnly, ...props }, ref) {
  const { t } = useTranslation('writing');
  const api = useRef<LiveEditorHandle>(null);
  useImperativeHandle(ref, () => api.current!, []);
  const { liveWriter, live: showLive } = docs;
  useEffect(() => {
    liveWriter.current = (content) => void api.current?.setText(content);
    return () => {
      liveWriter.current = null;
    };
  }, [liveWriter]);

  const documentId = docs.doc!.id;
  const { user } = useCurrentUser();
  const role: DocumentRole = live.role ?? docs.role;
  const canComment = roleAllows(role, 'commenter') && live.status !== 'closed';
  const canEdit = roleAllows(role, 'editor') && live.status !== 'closed';
  const comments = useComments(documentId, live);
  /** Editors choose to suggest; a commenter always suggests (the server refuses their edits to the text). */
  const [suggestMode, setSuggestMode] = useState(false);
  const suggesting = canEdit ? suggestMode : canComment;
  const commentsRef = useRef(comments);
  commentsRef.current = comments;
  const sync = useMemo(
    () =>
      new SuggestionSync(
        {
          create: async (p) => (await commentsRef.current.suggest(p)).thread.id,
          revise: async (id, p) => void (await commentsRef.current.revise(id, p)),
          remove: (id) => commentsRef.current.removeThread(id),
        },
        (err) => toast('error', err.message || t('comments.failed')),
      ),
    [t],
  );
  const access = useQuery({ queryKey: ['document-access', documentId], queryFn: () => call(sharingApi.access, { params: { id: documentId } }) });
  const people = useMemo(() => {
    const a = access.data;
    return a ? [a.owner, ...a.members].filter((p) => p.userId !== user?.id).map((p) => p.name) : [];
  }, [access.data, user?.id]);

  /** The side panel: the comment threads or the version history (one at a time, beside or under the text). */
  const [panel, setPanel] = useState<'comments' | 'history' | null>(null);
  const [draft, setDraft] = useState<CommentDraft | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [selected, setSelected] = useState(false);

  const ranges = useMemo(
    () =>
      comments.threads
        .filter((th) => !th.resolved && !th.suggestion)
        .flatMap((th) => {
          const r = resolveAnchor(live.doc, th.anchor);
          return r ? [{ id: th.id, ...r, active: th.id === active }] : [];
        }),
    [comments.threads, live.doc, active],
  );
  const suggestionRanges = useMemo(
    () =>
      comments.threads
        .filter((th) => th.suggestion && !th.suggestion.outcome)
        .flatMap((th) => {
          const r = resolveAnchor(live.doc, th.anchor);
          const color = presenceColor(th.comments[0]!.authorId);
          return r ? [{ id: th.id, ...r, insert: th.suggestion!.insert, color, active: th.id === active }] : [];
        }),
    [comments.threads, live.doc, active],
  );
  const suggestions = useMemo(() => ({ sync, color: presenceColor(user?.id ?? ''), ranges: suggestionRanges }), [sync, user?.id, suggestionRanges]);

  const addComment = () => {
    const { start, end } = api.current?.getSelection() ?? { start: 0, end: 0 };
    if (!canComment) return;
    if (start === end) return void toast('info', t('comments.selectFirst'));
    setDraft(makeAnchor(live.text, start, end));
    setPanel('comments');
  };
  const openThread = (id: string) => {
    setActive(id);
    setPanel('comments');
  };
  const showThread = (thread: CommentThread) => {
    setActive(thread.id);
    const r = api.current?.commentRange(thread.id) ?? resolveAnchor(live.doc, thread.anchor);
    if (r && r.to > r.from) api.current?.select(r.from, r.to);
  };
  const openCount = comments.threads.filter((th) => !th.resolved).length;

  return (
    <div className={`live-doc${panel ? ' with-panel' : ''}`}>
      <div className="live-doc-bar" role="toolbar" aria-label={t('comments.toolbar')}>
        {canComment && (
          <Button size="sm" variant="ghost" onClick={addComment} disabled={!selected} title={t('comments.addShortcut')}>
            <AddCommentIcon /> {t('comments.addOnSelection')}
          </Button>
        )}
        {canComment && (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={suggesting}
            disabled={!canEdit}
            onClick={() => setSuggestMode(!suggestMode)}
            title={canEdit ? t('suggestions.modeHint') : t('suggestions.commenterHint')}
            data-testid="suggest-toggle"
          >
            <SuggestIcon /> {t('suggestions.mode')}
          </Button>
        )}
        <Button size="sm" variant="ghost" aria-pressed={panel === 'comments'} onClick={() => setPanel(panel === 'comments' ? null : 'comments')} data-testid="comments-toggle">
          <CommentIcon /> {t('comments.show', { count: openCount })}
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={panel === 'history'} onClick={() => setPanel(panel === 'history' ? null : 'history')} data-testid="history-toggle">
          <HistoryIcon /> {t('history.toggle')}
        </Button>
      </div>
      <div className="live-doc-body">
        <LiveEditor
          ref={api}
          live={live}
          onText={showLive}
          className={className}
          commentRanges={ranges}
          onOpenThread={openThread}
          onAddComment={addComment}
          readOnly={readOnly && !suggesting}
          suggesting={suggesting}
          suggestions={suggestions}
          onSelectionChange={(s) => {
            setSelected(s.end > s.start);
            onSelectionChange?.(s);
          }}
          {...props}
        />
        {panel === 'history' && <HistoryPanel documentId={documentId} currentText={docs.doc?.content ?? ''} canEdit={canEdit} />}
        {panel === 'comments' && (
          <CommentsPanel
            comments={comments}
            draft={draft}
            onDraftDone={() => setDraft(null)}
            active={active}
            onOpen={showThread}
            isDetached={(th) => {
              // A range that shrank to nothing was deleted; a pure insertion's range was never more than a point.
              const r = resolveAnchor(live.doc, th.anchor);
              return !!r && r.to === r.from && th.quote !== '';
            }}
            me={user?.id ?? ''}
            owner={role === 'owner'}
            canComment={canComment}
            canEdit={canEdit}
            people={people}
          />
        )}
      </div>
    </div>
  );
});
