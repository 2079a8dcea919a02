import type { Language } from '@yumi/core';
import { localize, type LocalizedText } from './language';

const UNTITLED: LocalizedText = { en: 'Untitled', ja: '無題', zh: '无标题', ko: '제목 없음' };
/** A document's title as a mail names it: an untitled one as "Untitled" in the reader's language. */
export const mailTitle = (title: string, language: Language) => title.trim() || localize(UNTITLED, language);

/** Escapes the users' words (names, titles, comments) for a mail's HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every part already in the reader's language and already HTML (escaped where it holds the users' words). */
interface MailParts {
  language: Language;
  subject: string;
  body: string;
  /** Someone's words quoted under the body (a comment), as escaped text; line breaks are kept. */
  quote?: string;
  button: string;
  /** The button's link, not yet escaped. */
  link: string;
  /** Smaller lines under the button (how long the link works, what to do if it was not you). */
  notes?: string[];
  footer: string;
}

const FONT = "'Noto Sans', 'Noto Sans JP', 'Noto Sans SC', 'Noto Sans KR', 'Segoe UI', Helvetica, Arial, sans-serif";

/**
 * The one HTML layout of every mail the product sends, in its look (dark slate card, purple-to-pink button):
 * tables and inline styles with a solid colour under each gradient, as mail clients require.
 */
export function mailHtml(m: MailParts): string {
  const lang = { en: 'en', ja: 'ja', zh: 'zh-CN', ko: 'ko' }[m.language];
  const href = escapeHtml(m.link);
  const quote = m.quote
    ? `<tr><td style="padding:0 32px 8px"><div style="padding:8px 16px;border-left:3px solid #a855f7;font-size:15px;line-height:1.6;color:#e2e8f0;white-space:pre-wrap">${m.quote}</div></td></tr>\n`
    : '';
  const notes = m.notes?.length ? `<tr><td style="padding:0 32px 8px;font-size:13px;line-height:1.6;color:#94a3b8">${m.notes.join('<br>')}</td></tr>\n` : '';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${m.subject}</title></head>
<body style="margin:0;padding:0;background:#0f172a;font-family:${FONT};color:#e2e8f0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0f172a;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#1e293b;border-radius:16px;box-shadow:0 8px 24px rgba(0,0,0,.35)">
<tr><td style="height:6px;border-radius:16px 16px 0 0;background:#a855f7;background-image:linear-gradient(90deg,#a855f7,#ec4899)"></td></tr>
<tr><td style="padding:28px 32px 8px"><div style="font-size:14px;font-weight:700;letter-spacing:.04em;color:#f0abfc">Yumi Studio</div>
<h1 style="margin:12px 0 0;font-size:22px;line-height:1.35;color:#f8fafc">${m.subject}</h1></td></tr>
<tr><td style="padding:12px 32px;font-size:15px;line-height:1.6;color:#cbd5e1">${m.body}</td></tr>
${quote}<tr><td style="padding:12px 32px 20px"><a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#a855f7;background-image:linear-gradient(135deg,#a855f7,#ec4899);color:#ffffff;font-weight:700;font-size:15px;text-decoration:none">${m.button}</a></td></tr>
${notes}<tr><td style="padding:8px 32px 28px;font-size:12px;line-height:1.5;color:#64748b;word-break:break-all"><a href="${href}" style="color:#c4b5fd">${href}</a></td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#64748b">${m.footer}</p>
</td></tr></table></body></html>
`;
}
