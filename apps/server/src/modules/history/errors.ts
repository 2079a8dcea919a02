import { MAX_NAMED_VERSIONS } from '@yumi/core';
import { HttpError, notFound } from '../../lib/http-error';

/** The history API's refusals, each in en, ja, zh and ko. A stranger gets `notFound('Document')` instead of any of these. */
export const readOnly = () =>
  new HttpError(403, 'HISTORY_READ_ONLY', {
    en: 'You can look through the versions but not name or restore them: ask the owner to make you an editor.',
    ja: '版の履歴は閲覧のみ可能で、名前を付けたり復元したりはできません。所有者に編集者の権限をもらってください。',
    zh: '您只能查看版本记录，不能命名或恢复版本。请让所有者将您设为编辑者。',
    ko: '버전 기록을 볼 수만 있고 이름을 붙이거나 복원할 수는 없습니다. 소유자에게 편집자 권한을 요청해 주세요.',
  });

export const versionNotFound = () =>
  new HttpError(404, 'VERSION_NOT_FOUND', {
    en: 'This document has no such version: it may have been removed to make room for newer ones.',
    ja: 'このドキュメントにその版はありません。新しい版のために整理された可能性があります。',
    zh: '此文档中没有该版本：它可能已被清理，为较新的版本腾出空间。',
    ko: '이 문서에 해당 버전이 없습니다. 새 버전을 위해 정리되었을 수 있습니다.',
  });

export const namedVersionLimit = () =>
  new HttpError(
    409,
    'NAMED_VERSION_LIMIT',
    {
      en: 'A document can keep at most {max} named versions. Restore or compare with an existing one instead.',
      ja: '1 つのドキュメントで名前付きの版を保存できるのは {max} 件までです。既存の版との比較や復元をご利用ください。',
      zh: '一篇文档最多只能保存 {max} 个命名版本。请改为与现有版本比较或恢复现有版本。',
      ko: '한 문서에는 이름을 붙인 버전을 최대 {max}개까지 보관할 수 있습니다. 대신 기존 버전과 비교하거나 복원해 주세요.',
    },
    { max: MAX_NAMED_VERSIONS },
    undefined,
    { max: MAX_NAMED_VERSIONS },
  );

export const documentNotFound = () => notFound('Document');
