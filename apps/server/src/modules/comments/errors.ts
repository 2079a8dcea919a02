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

export const documentNotFound = () => notFound('Document');
