import type { Language } from '@yumi/core';
import { localize, type LocalizedText } from '../../lib/language';
import type { MailMessage } from '../../providers/mail';

const UNTITLED: LocalizedText = { en: 'Untitled', ja: '無題', zh: '无标题', ko: '제목 없음' };

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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail to someone @mentioned in a comment, in `language`, text and HTML; names, title and comment are the users' words, so escaped in HTML. */
export function renderMentionMail(language: Language, input: { to: string; author: string; title: string; comment: string; link: string }): MailMessage {
  const title = input.title.trim() || localize(UNTITLED, language);
  const t = (text: LocalizedText) => localize(text, language, { author: input.author, title });
  const h = (text: LocalizedText) => localize(text, language, { author: escapeHtml(input.author), title: escapeHtml(title) });
  const quoted = input.comment.split('\n').map((line) => `> ${line}`);
  const text = [t(MAIL.body), '', ...quoted, '', `${t(MAIL.button)}:`, input.link, '', '--', t(FOOTER), ''].join('\n');
  const lang = { en: 'en', ja: 'ja', zh: 'zh-CN', ko: 'ko' }[language];
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h(MAIL.subject)}</title></head>
<body style="margin:0;padding:32px 12px;background:#0f172a;font-family:'Noto Sans','Segoe UI',Helvetica,Arial,sans-serif;color:#e2e8f0">
<div style="max-width:520px;margin:0 auto;background:#1e293b;border-radius:16px;padding:28px 32px">
<div style="font-size:14px;font-weight:700;color:#f0abfc">Yumi Studio</div>
<h1 style="margin:12px 0;font-size:22px;color:#f8fafc">${h(MAIL.subject)}</h1>
<p style="font-size:15px;line-height:1.6;color:#cbd5e1">${h(MAIL.body)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #a855f7;font-size:15px;line-height:1.6;color:#e2e8f0;white-space:pre-wrap">${escapeHtml(input.comment)}</blockquote>
<p><a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#a855f7;color:#ffffff;font-weight:700;text-decoration:none">${h(MAIL.button)}</a></p>
<p style="font-size:12px;color:#64748b;word-break:break-all"><a href="${href}" style="color:#c4b5fd">${href}</a></p>
</div>
<p style="text-align:center;font-size:12px;color:#64748b">${h(FOOTER)}</p>
</body></html>
`;
  return { to: input.to, subject: t(MAIL.subject), text, html, link: input.link };
}
