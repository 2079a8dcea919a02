import type { LocalizedText } from '../../lib/language';

/** Sign-in throttling (login-throttle.ts), answered in the caller's language with `{seconds}` filled in. */
export const LOGIN_THROTTLE_MESSAGES = {
  /** Too many failures to this account from this address (IPv4 address or IPv6 /64). */
  slowedHere: {
    en: 'Too many failed sign-in attempts from this network. Please wait {seconds} s and try again.',
    ja: 'このネットワークからのサインインの失敗が多すぎます。{seconds} 秒待ってからもう一度お試しください。',
    zh: '来自此网络的登录失败次数过多，请等待 {seconds} 秒后再试。',
    ko: '이 네트워크에서 로그인 실패가 너무 많습니다. {seconds}초 후에 다시 시도해 주세요.',
  },
  /** Many failures to this account from everywhere: addresses it never signed in from are slowed. */
  slowedAccount: {
    en: 'This account has had many failed sign-in attempts, so sign-ins from new places are slowed down. Please wait {seconds} s and try again.',
    ja: 'このアカウントへのサインインの失敗が続いているため、新しい場所からのサインインを遅らせています。{seconds} 秒待ってからもう一度お試しください。',
    zh: '此账户近期登录失败次数过多，来自新位置的登录已被放慢。请等待 {seconds} 秒后再试。',
    ko: '이 계정에 로그인 실패가 많아 새로운 위치에서의 로그인을 늦추고 있습니다. {seconds}초 후에 다시 시도해 주세요.',
  },
} satisfies Record<string, LocalizedText>;

/** The second step of sign-in (two-step.ts). */
export const AUTH_TWO_STEP_MESSAGES = {
  required: {
    en: 'Enter the 6-digit code from your authenticator app.',
    ja: '認証アプリに表示されている 6 桁のコードを入力してください。',
    zh: '请输入身份验证器应用中显示的 6 位验证码。',
    ko: '인증 앱에 표시된 6자리 코드를 입력해 주세요.',
  },
  wrongCode: {
    en: 'That code is not correct or has already been used. Check your authenticator app and try again.',
    ja: 'コードが正しくないか、すでに使用されています。認証アプリを確認して、もう一度お試しください。',
    zh: '验证码不正确或已被使用。请查看身份验证器应用后重试。',
    ko: '코드가 올바르지 않거나 이미 사용되었습니다. 인증 앱을 확인하고 다시 시도해 주세요.',
  },
  expired: {
    en: 'This sign-in has expired. Please enter your email and password again.',
    ja: 'このサインインは有効期限が切れました。メールアドレスとパスワードをもう一度入力してください。',
    zh: '本次登录已过期，请重新输入邮箱和密码。',
    ko: '이 로그인은 만료되었습니다. 이메일과 비밀번호를 다시 입력해 주세요.',
  },
} satisfies Record<string, LocalizedText>;

/** The signed-in user's own sessions (user-sessions.ts) and re-authentication for account changes (reauth.ts). */
export const ACCOUNT_AUTH_MESSAGES = {
  wrongPassword: {
    en: 'Your current password is not correct.',
    ja: '現在のパスワードが正しくありません。',
    zh: '当前密码不正确。',
    ko: '현재 비밀번호가 올바르지 않습니다.',
  },
  sessionNotFound: {
    en: 'This session has already ended or does not exist.',
    ja: 'このセッションはすでに終了しているか、存在しません。',
    zh: '该会话已结束或不存在。',
    ko: '이 세션은 이미 종료되었거나 존재하지 않습니다.',
  },
} satisfies Record<string, LocalizedText>;
