import type { Language } from '@yumi/core';
import { localize, type LocalizedText } from '../../lib/language';
import { escapeHtml, mailHtml, mailTitle } from '../../lib/mail-layout';
import type { MailMessage } from '../../providers/mail';

const MAIL = {
  subject: {
    en: '{author} mentioned you in "{title}"',
    ja: '{author} さんが「{title}」であなたをメンションしました',
    zh: '{author} 在“{title}”中提到了您',
    ko: '{author}님이 "{title}"에서 회원님을 언급했습니다',
  },
  body: {
    en: '{author} mentioned you in a comment on "{title}" on Yumi Studio:',
    ja: '{author} さんが Yumi Studio の「{title}」へのコメントであなたをメンションしました：',
    zh: '{author} 在 Yumi Studio 上“{title}”的评论中提到了您：',
    ko: '{author}님이 Yumi Studio의 "{title}"에 단 댓글에서 회원님을 언급했습니다:',
  },
  button: { en: 'Open the document', ja: 'ドキュメントを開く', zh: '打开文档', ko: '문서 열기' },
} satisfies Record<'subject' | 'body' | 'button', LocalizedText>;

const FOOTER: LocalizedText = {
  en: 'Yumi Studio: you get this because someone mentioned you in a comment on a document shared with you. Replies are not read.',
  ja: 'Yumi Studio：共有されたドキュメントのコメントであなたがメンションされたためお送りしています。返信には対応できません。',
  zh: 'Yumi Studio：有人在与您共享的文档的评论中提到了您，因此您会收到此邮件。回复不会被查看。',
  ko: 'Yumi Studio: 공유받은 문서의 댓글에서 누군가 회원님을 언급하여 발송된 메일입니다. 회신은 확인되지 않습니다.',
};

/** The mail to someone @mentioned in a comment, in `language`, text and HTML; names, title and comment are the users' words, so escaped in HTML. */
export function renderMentionMail(language: Language, input: { to: string; author: string; title: string; comment: string; link: string }): MailMessage {
  const title = mailTitle(input.title, language);
  const t = (text: LocalizedText) => localize(text, language, { author: input.author, title });
  const h = (text: LocalizedText) => localize(text, language, { author: escapeHtml(input.author), title: escapeHtml(title) });
  const quoted = input.comment.split('\n').map((line) => `> ${line}`);
  const text = [t(MAIL.body), '', ...quoted, '', `${t(MAIL.button)}:`, input.link, '', '--', t(FOOTER), ''].join('\n');
  const html = mailHtml({
    language,
    subject: h(MAIL.subject),
    body: h(MAIL.body),
    quote: escapeHtml(input.comment),
    button: h(MAIL.button),
    link: input.link,
    footer: h(FOOTER),
  });
  return { to: input.to, subject: t(MAIL.subject), text, html, link: input.link };
}
