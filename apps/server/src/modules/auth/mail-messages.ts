import type { Language } from '@yumi/core';
import { localize, type LocalizedText } from '../../lib/language';
import { escapeHtml, mailHtml } from '../../lib/mail-layout';
import type { MailMessage } from '../../providers/mail';

/** Verification and change-email links share their validity (24 hours, single use). */
const ONCE_WITHIN_A_DAY = {
  en: 'This link works once, for 24 hours.',
  ja: 'このリンクは 24 時間以内に 1 回だけ使えます。',
  zh: '此链接在 24 小时内有效，仅可使用一次。',
  ko: '이 링크는 24시간 동안 한 번만 사용할 수 있습니다.',
} satisfies LocalizedText;

/** What every security notice says after its news: nothing to do if it was you, what to do if not. */
const IF_IT_WAS_YOU = {
  en: 'If this was you, there is nothing to do.',
  ja: 'ご本人による操作であれば、対応は不要です。',
  zh: '如果是您本人的操作，无需任何处理。',
  ko: '본인이 요청한 것이라면 아무것도 하지 않으셔도 됩니다.',
} satisfies LocalizedText;
const IF_IT_WAS_NOT_YOU = {
  en: 'If it was not you, sign in, change your password and end your other sessions.',
  ja: '心当たりがない場合は、サインインしてパスワードを変更し、ほかのセッションを終了してください。',
  zh: '如果不是您本人，请登录后修改密码并结束其他会话。',
  ko: '본인이 아니라면 로그인하여 비밀번호를 바꾸고 다른 세션을 종료해 주세요.',
} satisfies LocalizedText;
const OPEN_STUDIO = { en: 'Open Yumi Studio', ja: 'Yumi Studio を開く', zh: '打开 Yumi Studio', ko: 'Yumi Studio 열기' } satisfies LocalizedText;
const OPEN_ACCOUNT = { en: 'Open my account', ja: 'アカウントを開く', zh: '打开我的账户', ko: '내 계정 열기' } satisfies LocalizedText;

/** The account mails, each in en, ja, zh and ko: `{name}` placeholders are filled by `renderAccountMail`. */
const MAILS = {
  verifyEmail: {
    subject: {
      en: 'Confirm your email address for Yumi Studio',
      ja: 'Yumi Studio のメールアドレスを確認してください',
      zh: '请确认您在 Yumi Studio 的邮箱地址',
      ko: 'Yumi Studio 이메일 주소를 확인해 주세요',
    },
    body: {
      en: 'Hi {username}, welcome to Yumi Studio! Please confirm that {email} is your address.',
      ja: '{username} さん、Yumi Studio へようこそ！ {email} があなたのアドレスであることを確認してください。',
      zh: '{username}，欢迎来到 Yumi Studio！请确认 {email} 是您的邮箱地址。',
      ko: '{username}님, Yumi Studio에 오신 것을 환영합니다! {email}이(가) 본인의 주소인지 확인해 주세요.',
    },
    button: { en: 'Confirm my address', ja: 'アドレスを確認する', zh: '确认我的邮箱', ko: '주소 확인하기' },
    expiry: ONCE_WITHIN_A_DAY,
    ignore: {
      en: 'If you did not create an account, you can ignore this message.',
      ja: 'アカウントを作成した覚えがない場合は、このメールを無視してください。',
      zh: '如果您没有注册账户，请忽略此邮件。',
      ko: '계정을 만든 적이 없다면 이 메일을 무시하셔도 됩니다.',
    },
  },
  changeEmail: {
    subject: {
      en: 'Confirm your new email address for Yumi Studio',
      ja: 'Yumi Studio の新しいメールアドレスを確認してください',
      zh: '请确认您在 Yumi Studio 的新邮箱地址',
      ko: 'Yumi Studio 새 이메일 주소를 확인해 주세요',
    },
    body: {
      en: 'Hi {username}, you asked to sign in to Yumi Studio with {email} from now on. Confirm it to make the change.',
      ja: '{username} さん、今後 Yumi Studio に {email} でサインインするよう変更のリクエストがありました。確認すると変更が完了します。',
      zh: '{username}，您申请今后使用 {email} 登录 Yumi Studio。确认后即可完成更改。',
      ko: '{username}님, 앞으로 {email}(으)로 Yumi Studio에 로그인하도록 변경을 요청하셨습니다. 확인하면 변경이 완료됩니다.',
    },
    button: { en: 'Confirm the new address', ja: '新しいアドレスを確認する', zh: '确认新邮箱', ko: '새 주소 확인하기' },
    expiry: ONCE_WITHIN_A_DAY,
    ignore: {
      en: 'If you did not ask for this, ignore this message: nothing changes.',
      ja: '心当たりがない場合は、このメールを無視してください。何も変更されません。',
      zh: '如果这不是您本人的操作，请忽略此邮件，账户不会有任何变化。',
      ko: '요청한 적이 없다면 이 메일을 무시해 주세요. 아무것도 변경되지 않습니다.',
    },
  },
  emailChangeNotice: {
    subject: {
      en: 'Your Yumi Studio email address is being changed',
      ja: 'Yumi Studio のメールアドレスの変更手続きが行われました',
      zh: '您的 Yumi Studio 邮箱地址正在被更改',
      ko: 'Yumi Studio 이메일 주소 변경이 요청되었습니다',
    },
    body: {
      en: 'Hi {username}, someone signed in to your account asked to move it to {email}. It changes once that address is confirmed.',
      ja: '{username} さん、あなたのアカウントにサインインした誰かが、アドレスを {email} に変更するよう求めました。そのアドレスが確認されると変更されます。',
      zh: '{username}，已登录您账户的人申请将邮箱改为 {email}。该地址确认后即会生效。',
      ko: '{username}님, 계정에 로그인한 누군가가 주소를 {email}(으)로 바꾸도록 요청했습니다. 그 주소가 확인되면 변경됩니다.',
    },
    button: OPEN_STUDIO,
    expiry: IF_IT_WAS_YOU,
    ignore: IF_IT_WAS_NOT_YOU,
  },
  // Security notices: something that matters changed on the account; the owner hears of it by mail.
  passwordChanged: {
    subject: {
      en: 'Your Yumi Studio password was changed',
      ja: 'Yumi Studio のパスワードが変更されました',
      zh: '您的 Yumi Studio 密码已更改',
      ko: 'Yumi Studio 비밀번호가 변경되었습니다',
    },
    body: {
      en: 'Hi {username}, the password of your account {email} was changed, and your other sessions were signed out.',
      ja: '{username} さん、アカウント {email} のパスワードが変更され、ほかのセッションはサインアウトされました。',
      zh: '{username}，您的账户 {email} 的密码已更改，其他会话均已退出登录。',
      ko: '{username}님, 계정 {email}의 비밀번호가 변경되었고 다른 세션은 로그아웃되었습니다.',
    },
    button: OPEN_ACCOUNT,
    expiry: IF_IT_WAS_YOU,
    ignore: {
      en: 'If it was not you, reset your password at once with "Forgot password?" on the sign-in page.',
      ja: '心当たりがない場合は、すぐにサインイン画面の「パスワードをお忘れですか？」からパスワードを再設定してください。',
      zh: '如果不是您本人，请立即在登录页面点击“忘记密码？”重置密码。',
      ko: '본인이 아니라면 즉시 로그인 화면의 "비밀번호를 잊으셨나요?"에서 비밀번호를 재설정해 주세요.',
    },
  },
  twoStepOn: {
    subject: {
      en: 'Two-step sign-in is now on for Yumi Studio',
      ja: 'Yumi Studio の 2 段階サインインがオンになりました',
      zh: 'Yumi Studio 的两步登录已开启',
      ko: 'Yumi Studio 2단계 로그인이 켜졌습니다',
    },
    body: {
      en: 'Hi {username}, signing in to {email} now also needs a code from your authenticator app or a recovery code.',
      ja: '{username} さん、今後 {email} へのサインインには、認証アプリのコードまたはリカバリーコードも必要になります。',
      zh: '{username}，今后登录 {email} 时，还需要输入身份验证器应用中的验证码或恢复码。',
      ko: '{username}님, 이제 {email} 계정에 로그인할 때 인증 앱의 코드나 복구 코드도 필요합니다.',
    },
    button: OPEN_ACCOUNT,
    expiry: IF_IT_WAS_YOU,
    ignore: IF_IT_WAS_NOT_YOU,
  },
  twoStepOff: {
    subject: {
      en: 'Two-step sign-in was turned off for Yumi Studio',
      ja: 'Yumi Studio の 2 段階サインインがオフになりました',
      zh: 'Yumi Studio 的两步登录已关闭',
      ko: 'Yumi Studio 2단계 로그인이 꺼졌습니다',
    },
    body: {
      en: 'Hi {username}, signing in to {email} needs only the password again.',
      ja: '{username} さん、{email} へのサインインは再びパスワードだけで行えるようになりました。',
      zh: '{username}，登录 {email} 现在只需要密码。',
      ko: '{username}님, 이제 {email} 계정은 다시 비밀번호만으로 로그인할 수 있습니다.',
    },
    button: OPEN_ACCOUNT,
    expiry: IF_IT_WAS_YOU,
    ignore: IF_IT_WAS_NOT_YOU,
  },
  dataExported: {
    subject: {
      en: 'A copy of your Yumi Studio data was downloaded',
      ja: 'Yumi Studio のデータのコピーがダウンロードされました',
      zh: '您的 Yumi Studio 数据副本已被下载',
      ko: 'Yumi Studio 데이터 사본이 다운로드되었습니다',
    },
    body: {
      en: 'Hi {username}, an export of all data of the account {email} (documents, characters, images, chats, purchases) was downloaded.',
      ja: '{username} さん、アカウント {email} の全データ（ドキュメント、キャラクター、画像、チャット、購入履歴）のエクスポートがダウンロードされました。',
      zh: '{username}，账户 {email} 的全部数据（文档、角色、图片、聊天、购买记录）已被导出并下载。',
      ko: '{username}님, 계정 {email}의 모든 데이터(문서, 캐릭터, 이미지, 채팅, 구매 내역) 내보내기가 다운로드되었습니다.',
    },
    button: OPEN_ACCOUNT,
    expiry: IF_IT_WAS_YOU,
    ignore: IF_IT_WAS_NOT_YOU,
  },
  accountDeleted: {
    subject: {
      en: 'Your Yumi Studio account was deleted',
      ja: 'Yumi Studio のアカウントが削除されました',
      zh: '您的 Yumi Studio 账户已删除',
      ko: 'Yumi Studio 계정이 삭제되었습니다',
    },
    body: {
      en: 'Hi {username}, the account {email} and its documents, characters, images and chats were deleted. Purchase records are kept without your name for bookkeeping.',
      ja: '{username} さん、アカウント {email} と、そのドキュメント、キャラクター、画像、チャットは削除されました。購入記録は会計のため、お名前を除いて保管されます。',
      zh: '{username}，账户 {email} 及其文档、角色、图片和聊天已被删除。购买记录会去除您的姓名后保留，用于记账。',
      ko: '{username}님, 계정 {email}과(와) 문서, 캐릭터, 이미지, 채팅이 삭제되었습니다. 구매 기록은 회계를 위해 이름을 지운 채 보관됩니다.',
    },
    button: OPEN_STUDIO,
    expiry: {
      en: 'Thank you for having used Yumi Studio. This address can sign up again at any time.',
      ja: 'Yumi Studio をご利用いただきありがとうございました。このアドレスでいつでも再登録できます。',
      zh: '感谢您使用 Yumi Studio。此邮箱可随时重新注册。',
      ko: 'Yumi Studio를 이용해 주셔서 감사합니다. 이 주소로 언제든 다시 가입할 수 있습니다.',
    },
    ignore: {
      en: 'If it was not you, someone knew your password: the deletion cannot be undone, so change that password wherever else you use it.',
      ja: '心当たりがない場合、誰かがあなたのパスワードを知っていました。削除は取り消せないため、同じパスワードを使っているほかのサービスでもパスワードを変更してください。',
      zh: '如果不是您本人，说明有人知道您的密码：删除无法撤销，请在其他使用该密码的地方更换密码。',
      ko: '본인이 아니라면 누군가 비밀번호를 알고 있었다는 뜻입니다. 삭제는 되돌릴 수 없으므로 같은 비밀번호를 쓰는 다른 곳에서도 비밀번호를 바꿔 주세요.',
    },
  },
  passwordReset: {
    subject: {
      en: 'Reset your Yumi Studio password',
      ja: 'Yumi Studio のパスワードを再設定してください',
      zh: '重置您的 Yumi Studio 密码',
      ko: 'Yumi Studio 비밀번호 재설정',
    },
    body: {
      en: 'Hi {username}, someone (hopefully you) asked to reset the password of the account {email}.',
      ja: '{username} さん、アカウント {email} のパスワード再設定がリクエストされました。',
      zh: '{username}，有人（希望是您本人）申请重置账户 {email} 的密码。',
      ko: '{username}님, 계정 {email}의 비밀번호 재설정이 요청되었습니다.',
    },
    button: { en: 'Choose a new password', ja: '新しいパスワードを設定する', zh: '设置新密码', ko: '새 비밀번호 설정하기' },
    expiry: {
      en: 'This link works once, for 30 minutes. Setting a new password signs you out everywhere.',
      ja: 'このリンクは 30 分以内に 1 回だけ使えます。新しいパスワードを設定すると、すべての端末からサインアウトされます。',
      zh: '此链接在 30 分钟内有效，仅可使用一次。设置新密码后，所有设备都会退出登录。',
      ko: '이 링크는 30분 동안 한 번만 사용할 수 있습니다. 새 비밀번호를 설정하면 모든 기기에서 로그아웃됩니다.',
    },
    ignore: {
      en: 'If you did not ask for this, ignore this message: your password stays as it is.',
      ja: '心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
      zh: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
      ko: '요청한 적이 없다면 이 메일을 무시해 주세요. 비밀번호는 그대로 유지됩니다.',
    },
  },
} satisfies Record<string, Record<'subject' | 'body' | 'button' | 'expiry' | 'ignore', LocalizedText>>;

export type AccountMailKind = keyof typeof MAILS;

const FOOTER: LocalizedText = {
  en: 'Yumi Studio: this message was sent automatically; replies are not read.',
  ja: 'Yumi Studio：このメールは自動送信されています。返信には対応できません。',
  zh: 'Yumi Studio：此邮件为自动发送，回复不会被查看。',
  ko: 'Yumi Studio: 이 메일은 자동으로 발송되었으며 회신은 확인되지 않습니다.',
};

/**
 * One account mail in the reader's language: plain text, and HTML in the product's look (dark slate card,
 * purple-to-pink button; inline styles and a solid colour under the gradient, as mail clients require).
 * The user's name and addresses are escaped.
 */
export function renderAccountMail(
  kind: AccountMailKind,
  language: Language,
  input: { to: string; username: string; email: string; link: string },
): MailMessage {
  const m = MAILS[kind];
  const t = (text: LocalizedText) => localize(text, language, { username: input.username, email: input.email });
  const h = (text: LocalizedText) => localize(text, language, { username: escapeHtml(input.username), email: escapeHtml(input.email) });
  const text = [t(m.body), '', `${t(m.button)}:`, input.link, '', t(m.expiry), t(m.ignore), '', '--', t(FOOTER), ''].join('\n');
  const html = mailHtml({ language, subject: h(m.subject), body: h(m.body), button: h(m.button), link: input.link, notes: [h(m.expiry), h(m.ignore)], footer: h(FOOTER) });
  return { to: input.to, subject: t(m.subject), text, html, link: input.link };
}

/** Security notices: the account's kinds of mail that carry news, not a single-use link. */
export type AccountNotice = 'passwordChanged' | 'twoStepOn' | 'twoStepOff' | 'dataExported' | 'accountDeleted';
