import type { Language, ShareRole } from '@yumi/core';
import { localize, type LocalizedText } from '../../lib/language';
import { escapeHtml, mailHtml, mailTitle } from '../../lib/mail-layout';
import type { MailMessage } from '../../providers/mail';

const ROLE_NAMES: Record<ShareRole, LocalizedText> = {
  viewer: { en: 'viewer', ja: '閲覧者', zh: '查看者', ko: '뷰어' },
  commenter: { en: 'commenter', ja: 'コメント可', zh: '评论者', ko: '댓글 작성자' },
  editor: { en: 'editor', ja: '編集者', zh: '编辑者', ko: '편집자' },
};

/** The two sharing mails: to an account that now has access, and to an address invited to make one. */
const MAILS = {
  shared: {
    subject: {
      en: '{owner} shared "{title}" with you',
      ja: '{owner} さんが「{title}」をあなたと共有しました',
      zh: '{owner} 与您共享了“{title}”',
      ko: '{owner}님이 "{title}"을(를) 공유했습니다',
    },
    body: {
      en: '{owner} shared "{title}" with you on Yumi Studio as {role}. It is listed under "Shared with me".',
      ja: '{owner} さんが Yumi Studio で「{title}」を{role}としてあなたと共有しました。「共有されたドキュメント」に表示されます。',
      zh: '{owner} 在 Yumi Studio 上以{role}身份与您共享了“{title}”。它会显示在“与我共享”中。',
      ko: '{owner}님이 Yumi Studio에서 "{title}"을(를) {role} 권한으로 공유했습니다. "공유 문서"에서 볼 수 있습니다.',
    },
    button: { en: 'Open the document', ja: 'ドキュメントを開く', zh: '打开文档', ko: '문서 열기' },
  },
  invite: {
    subject: {
      en: '{owner} invited you to "{title}" on Yumi Studio',
      ja: '{owner} さんから Yumi Studio の「{title}」への招待が届きました',
      zh: '{owner} 邀请您在 Yumi Studio 上查看“{title}”',
      ko: '{owner}님이 Yumi Studio의 "{title}"에 초대했습니다',
    },
    body: {
      en: '{owner} invited you to "{title}" on Yumi Studio as {role}. Sign in or create a free account with the link below, and the document opens for you. The link works once.',
      ja: '{owner} さんが Yumi Studio の「{title}」に{role}としてあなたを招待しました。下のリンクからサインインするか無料アカウントを作成すると、ドキュメントが開きます。リンクは 1 回だけ使えます。',
      zh: '{owner} 以{role}身份邀请您加入 Yumi Studio 上的“{title}”。通过下方链接登录或免费注册后，即可打开该文档。此链接仅可使用一次。',
      ko: '{owner}님이 Yumi Studio의 "{title}"에 {role} 권한으로 초대했습니다. 아래 링크에서 로그인하거나 무료 계정을 만들면 문서가 열립니다. 링크는 한 번만 사용할 수 있습니다.',
    },
    button: { en: 'Accept the invitation', ja: '招待を受ける', zh: '接受邀请', ko: '초대 수락하기' },
  },
} satisfies Record<string, Record<'subject' | 'body' | 'button', LocalizedText>>;

const FOOTER: LocalizedText = {
  en: 'Yumi Studio: you get this because someone shared a document with this address. Replies are not read.',
  ja: 'Yumi Studio：このアドレス宛てにドキュメントが共有されたためお送りしています。返信には対応できません。',
  zh: 'Yumi Studio：有人向此地址共享了文档，因此您会收到此邮件。回复不会被查看。',
  ko: 'Yumi Studio: 누군가 이 주소로 문서를 공유하여 발송된 메일입니다. 회신은 확인되지 않습니다.',
};

/** One sharing mail in `language`, text and HTML; the owner's name and the title are the user's words, so escaped in HTML. */
export function renderShareMail(
  kind: keyof typeof MAILS,
  language: Language,
  input: { to: string; owner: string; title: string; role: ShareRole; link: string },
): MailMessage {
  const m = MAILS[kind];
  const title = mailTitle(input.title, language);
  const role = localize(ROLE_NAMES[input.role], language);
  const t = (text: LocalizedText) => localize(text, language, { owner: input.owner, title, role });
  const h = (text: LocalizedText) => localize(text, language, { owner: escapeHtml(input.owner), title: escapeHtml(title), role });
  const text = [t(m.body), '', `${t(m.button)}:`, input.link, '', '--', t(FOOTER), ''].join('\n');
  const html = mailHtml({ language, subject: h(m.subject), body: h(m.body), button: h(m.button), link: input.link, footer: h(FOOTER) });
  return { to: input.to, subject: t(m.subject), text, html, link: input.link };
}
