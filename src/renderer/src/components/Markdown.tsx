import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Markdown as the model wrote it: raw HTML is shown as text (the reader sees what was written) and images as
 * their alt text (no remote loads). What reaches the page is then sanitized by DOMPurify (sanitizeHtml).
 */
const marked = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ text }) {
      return escapeHtml(text);
    },
  },
});

/** Links may go to the web, to mail or to an anchor of the page; any other scheme is removed. */
const SAFE_URL = /^(?:https?:|mailto:|#)/i;

/** HTML safe to insert: no scripts, event handlers, styles, forms, frames, images or unsafe link targets. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_URI_REGEXP: SAFE_URL,
    FORBID_TAGS: ['style', 'img', 'form', 'input', 'button', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style'],
  });
}

/** Markdown source → HTML safe to insert. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source, { async: false }));
}

export function Markdown({ source, label }: { source: string; label?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // The HTML comes from renderMarkdown, sanitized by DOMPurify.
  return (
    <div className="markdown" aria-label={label} role="document" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
