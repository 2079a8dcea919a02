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
