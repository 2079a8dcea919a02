import type { LocalizedText } from '../../lib/language';

/** Errors of the account page's endpoints, answered in the caller's language. */
export const ACCOUNT_MESSAGES = {
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
  twoStepAlreadyOn: {
    en: 'Two-step sign-in is already on.',
    ja: '2 段階認証はすでにオンになっています。',
    zh: '两步验证已经开启。',
    ko: '2단계 로그인이 이미 켜져 있습니다.',
  },
  twoStepOff: {
    en: 'Two-step sign-in is not on.',
    ja: '2 段階認証はオンになっていません。',
    zh: '两步验证尚未开启。',
    ko: '2단계 로그인이 켜져 있지 않습니다.',
  },
  twoStepWrongCode: {
    en: 'That code is not correct. Enter the 6-digit code your authenticator app shows now.',
    ja: 'コードが正しくありません。認証アプリに今表示されている 6 桁のコードを入力してください。',
    zh: '验证码不正确。请输入身份验证器应用当前显示的 6 位验证码。',
    ko: '코드가 올바르지 않습니다. 인증 앱에 지금 표시된 6자리 코드를 입력해 주세요.',
  },
  deleteNeedsCode: {
    en: 'Two-step sign-in is on: enter a code from your authenticator app or a recovery code to delete your account.',
    ja: '2 段階認証がオンです。アカウントを削除するには、認証アプリのコードかリカバリーコードを入力してください。',
    zh: '已开启两步验证：请输入身份验证器应用中的验证码或一个恢复码来删除账户。',
    ko: '2단계 로그인이 켜져 있습니다. 계정을 삭제하려면 인증 앱의 코드나 복구 코드를 입력해 주세요.',
  },
  exportBusy: {
    en: 'Many data exports are being prepared right now. Please try again in a minute.',
    ja: '現在、多くのデータのエクスポートを準備中です。1 分ほど待ってからもう一度お試しください。',
    zh: '当前正在准备的数据导出较多，请一分钟后再试。',
    ko: '지금 많은 데이터 내보내기를 준비하고 있습니다. 1분 후에 다시 시도해 주세요.',
  },
  twoStepNoSetup: {
    en: 'Start the setup again: scan the new QR code, then enter the code it shows.',
    ja: 'もう一度設定を始めてください。新しい QR コードを読み取り、表示されたコードを入力します。',
    zh: '请重新开始设置：扫描新的二维码，然后输入显示的验证码。',
    ko: '설정을 다시 시작해 주세요. 새 QR 코드를 스캔한 뒤 표시된 코드를 입력합니다.',
  },
} satisfies Record<string, LocalizedText>;
