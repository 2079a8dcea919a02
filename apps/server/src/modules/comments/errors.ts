import { MAX_COMMENTS_PER_DOCUMENT } from '@yumi/core';
import { HttpError, notFound } from '../../lib/http-error';

/** The comments API's refusals, each in en, ja, zh and ko. A stranger gets `notFound('Document')` instead of any of these. */
export const readOnly = () =>
  new HttpError(403, 'COMMENTS_READ_ONLY', {
    en: 'You can read the comments but not write them: ask the owner to make you a commenter.',
    ja: 'コメントは閲覧のみ可能で、書き込みはできません。所有者にコメント可の権限をもらってください。',
    zh: '您只能查看评论，不能发表评论。请让所有者将您设为评论者。',
    ko: '댓글을 읽을 수만 있고 작성할 수는 없습니다. 소유자에게 댓글 작성자 권한을 요청해 주세요.',
  });

export const notAuthor = () =>
  new HttpError(403, 'NOT_COMMENT_AUTHOR', {
    en: 'Only the person who wrote this comment, or the owner of the document, can delete it.',
    ja: 'このコメントを削除できるのは、書いた本人かドキュメントの所有者だけです。',
    zh: '只有发表此评论的人或文档的所有者才能删除它。',
    ko: '이 댓글은 작성한 사람이나 문서 소유자만 삭제할 수 있습니다.',
  });

export const badAnchor = () =>
  new HttpError(422, 'BAD_COMMENT_ANCHOR', {
    en: 'The comment is not attached to a place in the text that this document can read. Select the text again and retry.',
    ja: 'コメントの位置をドキュメントの本文上で特定できません。もう一度テキストを選択してやり直してください。',
    zh: '无法在文档正文中确定此评论的位置。请重新选择文字后再试。',
    ko: '댓글이 달린 위치를 문서 본문에서 찾을 수 없습니다. 텍스트를 다시 선택한 뒤 다시 시도해 주세요.',
  });

export const threadNotFound = () =>
  new HttpError(404, 'THREAD_NOT_FOUND', {
    en: 'There is no such comment thread on this document: it may have been deleted.',
    ja: 'このドキュメントにそのコメントスレッドはありません。削除された可能性があります。',
    zh: '此文档中没有该评论串：它可能已被删除。',
    ko: '이 문서에 해당 댓글 스레드가 없습니다. 삭제되었을 수 있습니다.',
  });

export const replyNotFound = () =>
  new HttpError(404, 'COMMENT_NOT_FOUND', {
    en: 'There is no such reply in this thread: it may have been deleted.',
    ja: 'このスレッドにその返信はありません。削除された可能性があります。',
    zh: '此评论串中没有该回复：它可能已被删除。',
    ko: '이 스레드에 해당 답글이 없습니다. 삭제되었을 수 있습니다.',
  });

export const commentLimit = () =>
  new HttpError(
    409,
    'COMMENT_LIMIT',
    {
      en: 'A document can hold at most {max} comments (replies included). Delete some resolved threads first.',
      ja: '1 つのドキュメントに付けられるコメントは、返信を含めて {max} 件までです。先に解決済みのスレッドをいくつか削除してください。',
      zh: '一篇文档最多只能有 {max} 条评论（含回复）。请先删除一些已解决的评论串。',
      ko: '한 문서에는 답글을 포함해 댓글을 최대 {max}개까지 달 수 있습니다. 먼저 해결된 스레드를 몇 개 삭제해 주세요.',
    },
    { max: MAX_COMMENTS_PER_DOCUMENT },
    undefined,
    { max: MAX_COMMENTS_PER_DOCUMENT },
  );

export const notSuggestionAuthor = () =>
  new HttpError(403, 'NOT_SUGGESTION_AUTHOR', {
    en: 'Only the person who made this suggestion can change it. Reply in its thread to propose something else.',
    ja: 'この提案を変更できるのは、提案した本人だけです。別の案はスレッドへの返信でお伝えください。',
    zh: '只有提出此建议的人才能修改它。如有其他想法，请在该评论串中回复。',
    ko: '이 제안은 제안한 사람만 수정할 수 있습니다. 다른 의견은 스레드에 답글로 남겨 주세요.',
  });

export const decideNotAllowed = () =>
  new HttpError(403, 'SUGGESTION_EDITORS_ONLY', {
    en: 'Only editors and the owner can accept or reject suggestions. You can still reply to them.',
    ja: '提案を承認・却下できるのは、編集者と所有者だけです。返信は引き続きできます。',
    zh: '只有编辑者和所有者才能接受或拒绝建议。您仍可以回复建议。',
    ko: '제안을 수락하거나 거절할 수 있는 사람은 편집자와 소유자뿐입니다. 답글은 계속 남길 수 있습니다.',
  });

export const notASuggestion = () =>
  new HttpError(409, 'NOT_A_SUGGESTION', {
    en: 'This thread is a comment, not a suggestion: there is no change in it to accept or reject.',
    ja: 'このスレッドは提案ではなくコメントのため、承認・却下する変更がありません。',
    zh: '此评论串是评论而不是建议：其中没有可接受或拒绝的修改。',
    ko: '이 스레드는 제안이 아니라 댓글이므로 수락하거나 거절할 변경 사항이 없습니다.',
  });

export const suggestionDecided = () =>
  new HttpError(409, 'SUGGESTION_DECIDED', {
    en: 'This suggestion has already been accepted or rejected, so it can no longer be changed.',
    ja: 'この提案はすでに承認または却下されているため、これ以上変更できません。',
    zh: '此建议已被接受或拒绝，无法再更改。',
    ko: '이 제안은 이미 수락되었거나 거절되어 더 이상 변경할 수 없습니다.',
  });

export const suggestionStale = () =>
  new HttpError(409, 'SUGGESTION_STALE', {
    en: 'The text this suggestion changes has been edited since; it was left open. Reject it, or ask its author to suggest again.',
    ja: 'この提案が変更する箇所は、提案の後に編集されています。提案は未処理のまま残しました。却下するか、提案者にもう一度提案してもらってください。',
    zh: '此建议要修改的文字在提出后已被编辑过，因此建议仍保持待处理状态。请拒绝它，或请提出者重新提出建议。',
    ko: '이 제안이 바꾸려는 부분이 제안 이후에 편집되어, 제안을 미처리 상태로 두었습니다. 거절하거나 제안한 사람에게 다시 제안해 달라고 요청해 주세요.',
  });

export const useDecide = () =>
  new HttpError(409, 'SUGGESTION_USE_DECIDE', {
    en: 'Accept or reject a suggestion instead of resolving it.',
    ja: '提案は「解決」にせず、承認または却下してください。',
    zh: '建议无需标记为已解决，请接受或拒绝它。',
    ko: '제안은 해결 처리하지 말고 수락하거나 거절해 주세요.',
  });

export const documentNotFound = () => notFound('Document');
