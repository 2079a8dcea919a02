import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A link to a screen of this app ("/account", "/writing?tool=charts"): never another origin. */
const isAppLink = (href: string | null): href is string => !!href && href.startsWith('/') && !href.startsWith('//');

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  if (isAppLink(node.getAttribute('href'))) {
    // Answers carry buttons to the screen or tool they are about; they open in place.
    node.setAttribute('class', 'md-action');
    node.removeAttribute('target');
    return;
  }
  // Other links from answers open in a new tab and never get the opener.
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** Model and user text rendered as Markdown through a sanitiser (DESIGN.md: untrusted text). */
export function Markdown({ text }: { text: string }) {
  const navigate = useNavigate();
  const html = useMemo(
    () =>
      DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }), {
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'img'],
        FORBID_ATTR: ['style'],
      }),
    [text],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? null;
    if (!isAppLink(href) || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  // Clicks are delegated from the rendered links (real <a> elements, reachable by keyboard).
  return <div className="md" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
