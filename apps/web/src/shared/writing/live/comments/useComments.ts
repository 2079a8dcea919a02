import { commentsApi, suggestionsApi, type CommentAnchor, type CommentThread } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { call } from '../../../api/client';
import type { SuggestionPayload } from '../suggestions/sync';
import type { LiveText } from '../useLiveText';

const key = (documentId: string) => ['document-comments', documentId];

/**
 * A shared document's comment threads: loaded once, and again whenever the server says they changed (someone
 * commented, in any process) or the connection comes back (notices missed while offline). Each action answers
 * the server's thread or throws its error, already in the user's language.
 */
export function useComments(documentId: string, live: LiveText) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: key(documentId), queryFn: () => call(commentsApi.list, { params: { id: documentId } }) });
  const reload = useCallback(() => client.invalidateQueries({ queryKey: key(documentId) }), [client, documentId]);

  useEffect(() => {
    if (live.commentsChanged > 0 || live.status === 'live') void reload();
  }, [live.commentsChanged, live.status, reload]);

  const after = async <T,>(work: Promise<T>): Promise<T> => {
    const result = await work;
    await reload();
    return result;
  };
  const params = { id: documentId };
  return {
    threads: query.data?.threads ?? ([] as CommentThread[]),
    loading: query.isLoading,
    error: query.error as Error | null,
    create: (anchor: CommentAnchor, quote: string, body: string) => after(call(commentsApi.create, { params, body: { anchor, quote, body } })),
    reply: (threadId: string, body: string) => after(call(commentsApi.reply, { params: { ...params, threadId }, body: { body } })),
    resolve: (threadId: string, resolved: boolean) => after(call(commentsApi.resolve, { params: { ...params, threadId }, body: { resolved } })),
    removeThread: (threadId: string) => after(call(commentsApi.removeThread, { params: { ...params, threadId } })),
    removeReply: (threadId: string, commentId: string) => after(call(commentsApi.removeReply, { params: { ...params, threadId, commentId } })),
    suggest: (body: SuggestionPayload) => after(call(suggestionsApi.create, { params, body })),
    revise: (threadId: string, body: SuggestionPayload) => after(call(suggestionsApi.revise, { params: { ...params, threadId }, body })),
    accept: (threadId: string) => after(call(suggestionsApi.accept, { params: { ...params, threadId } })),
    reject: (threadId: string) => after(call(suggestionsApi.reject, { params: { ...params, threadId } })),
    acceptAll: () => after(call(suggestionsApi.acceptAll, { params })),
    rejectAll: () => after(call(suggestionsApi.rejectAll, { params })),
  };
}
export type Comments = ReturnType<typeof useComments>;
