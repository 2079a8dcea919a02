import type { LocalizedText } from '../../lib/language';

/** Errors of the account page's endpoints, answered in the caller's language. */
export const ACCOUNT_MESSAGES = {
  wrongPassword: {
    en: 'Your current password is not correct.',
    ja: '現在のパスワードが正しくありません。',
    zh: '当前密码不正确。',
    ko: '현재 비밀번호가 올바르지 않습니다.',
  },
  samePassword: {
    en: 'The new password is the same as the current one. Choose a different one.',
    ja: '新しいパスワードが現在のものと同じです。別のパスワードを選んでください。',
    zh: '新密码与当前密码相同，请换一个。',
    ko: '새 비밀번호가 현재 비밀번호와 같습니다. 다른 비밀번호를 정해 주세요.',
  },
  usernameTaken: {
    en: 'This name is already taken. Try another one.',
    ja: 'この名前はすでに使われています。別の名前をお試しください。',
    zh: '该名称已被占用，请换一个。',
    ko: '이미 사용 중인 이름입니다. 다른 이름을 입력해 주세요.',
  },
  sessionNotFound: {
    en: 'This session has already ended or does not exist.',
    ja: 'このセッションはすでに終了しているか、存在しません。',
    zh: '该会话已结束或不存在。',
    ko: '이 세션은 이미 종료되었거나 존재하지 않습니다.',
  },
} satisfies Record<string, LocalizedText>;
