import { MAX_LINKS_PER_DOCUMENT, MAX_SHARES_PER_DOCUMENT } from '@yumi/core';
import { HttpError, notFound } from '../../lib/http-error';

/** The sharing API's refusals, each in en, ja, zh and ko. A stranger gets `notFound('Document')` instead of any of these. */
export const notOwner = () =>
  new HttpError(403, 'NOT_OWNER', {
    en: 'Only the owner of this document can do that.',
    ja: 'この操作はドキュメントの所有者だけが行えます。',
    zh: '只有此文档的所有者才能执行此操作。',
    ko: '이 작업은 문서 소유자만 할 수 있습니다.',
  });

export const readOnly = () =>
  new HttpError(403, 'READ_ONLY', {
    en: 'You can read this document but not change it: ask its owner to make you an editor.',
    ja: 'このドキュメントは閲覧のみ可能で、変更はできません。所有者に編集者にしてもらってください。',
    zh: '您只能查看此文档，不能修改。请让所有者将您设为编辑者。',
    ko: '이 문서는 읽기만 가능하고 수정할 수 없습니다. 소유자에게 편집자 권한을 요청해 주세요.',
  });

export const shareSelf = () =>
  new HttpError(422, 'SHARE_WITH_OWNER', {
    en: 'That is the address of the owner, who already has full access.',
    ja: 'これは所有者のアドレスです。所有者はすでにすべての権限を持っています。',
    zh: '这是所有者的邮箱地址，所有者已拥有全部权限。',
    ko: '소유자의 주소입니다. 소유자는 이미 모든 권한을 가지고 있습니다.',
  });

export const ownerCannotLeave = () =>
  new HttpError(422, 'OWNER_CANNOT_LEAVE', {
    en: 'The owner cannot leave their own document; delete it instead.',
    ja: '所有者は自分のドキュメントから退出できません。不要であれば削除してください。',
    zh: '所有者不能退出自己的文档；如不再需要，请删除它。',
    ko: '소유자는 자기 문서에서 나갈 수 없습니다. 필요 없으면 삭제해 주세요.',
  });

export const shareLimit = () =>
  new HttpError(
    409,
    'SHARE_LIMIT',
    {
      en: 'At most {max} people can have access to one document (invitations included). Remove someone first.',
      ja: '1 つのドキュメントにアクセスできるのは、招待中の人を含めて {max} 人までです。先に誰かを削除してください。',
      zh: '一篇文档最多可供 {max} 人访问（含待接受的邀请）。请先移除一些人。',
      ko: '한 문서에 접근할 수 있는 사람은 초대 중인 사람을 포함해 최대 {max}명입니다. 먼저 누군가를 삭제해 주세요.',
    },
    { max: MAX_SHARES_PER_DOCUMENT },
    undefined,
    { max: MAX_SHARES_PER_DOCUMENT },
  );

export const linkLimit = () =>
  new HttpError(
    409,
    'LINK_LIMIT',
    {
      en: 'A document can have at most {max} links. Turn one off first.',
      ja: '1 つのドキュメントに作成できるリンクは {max} 個までです。先にどれかを無効にしてください。',
      zh: '一篇文档最多只能有 {max} 个链接。请先停用一个。',
      ko: '한 문서에는 링크를 최대 {max}개까지 만들 수 있습니다. 먼저 하나를 해제해 주세요.',
    },
    { max: MAX_LINKS_PER_DOCUMENT },
    undefined,
    { max: MAX_LINKS_PER_DOCUMENT },
  );

export const memberNotFound = () =>
  new HttpError(404, 'MEMBER_NOT_FOUND', {
    en: 'This person does not have access to the document.',
    ja: 'この人はドキュメントへのアクセス権を持っていません。',
    zh: '此人没有该文档的访问权限。',
    ko: '이 사람은 문서에 접근할 권한이 없습니다.',
  });

export const inviteNotFound = () =>
  new HttpError(404, 'INVITE_NOT_FOUND', {
    en: 'There is no such invitation: it was accepted or withdrawn.',
    ja: 'この招待は見つかりません。すでに受け入れられたか、取り消されています。',
    zh: '找不到此邀请：它已被接受或撤回。',
    ko: '해당 초대를 찾을 수 없습니다. 이미 수락되었거나 취소되었습니다.',
  });

export const linkNotFound = () =>
  new HttpError(404, 'LINK_NOT_FOUND', {
    en: 'There is no such link: it was turned off.',
    ja: 'このリンクは見つかりません。無効にされています。',
    zh: '找不到此链接：它已被停用。',
    ko: '해당 링크를 찾을 수 없습니다. 해제되었습니다.',
  });

/** An unknown, used or revoked token: one answer for all, so a token reveals nothing about why. */
export const tokenNotFound = () =>
  new HttpError(404, 'SHARE_TOKEN_NOT_FOUND', {
    en: 'This share link does not work: it was already used, turned off, or mistyped. Ask the owner for a new one.',
    ja: 'この共有リンクは使えません。すでに使用済みか、無効にされたか、入力が間違っています。所有者に新しいリンクを依頼してください。',
    zh: '此共享链接无效：可能已被使用、已停用或输入有误。请向所有者索取新链接。',
    ko: '이 공유 링크는 사용할 수 없습니다. 이미 사용되었거나 해제되었거나 잘못 입력되었습니다. 소유자에게 새 링크를 요청해 주세요.',
  });

export const documentNotFound = () => notFound('Document');
