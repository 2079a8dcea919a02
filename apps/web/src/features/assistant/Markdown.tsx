import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  // Links from answers open in a new tab and never get the opener.
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Model and user text rendered as Markdown through a sanitiser (DESIGN.md: untrusted text). */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(
    () =>
      DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }), {
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'img'],
        FORBID_ATTR: ['style'],
      }),
    [text],
  );
  return <div className="md" dangerouslySetInnerHTML={{ __html: html }} />;
}
