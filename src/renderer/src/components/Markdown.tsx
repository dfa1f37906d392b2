import { Marked, type Tokens } from 'marked';
import { useMemo } from 'react';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const SAFE_URL = /^(https?:|mailto:|#)/i;

/**
 * Markdown without raw HTML: HTML blocks and inline tags are shown as text, link targets other than
 * http(s)/mailto/#anchors are dropped, and images become their alt text (no remote loads).
 */
const marked = new Marked({
  async: false,
  gfm: true,
  walkTokens(token) {
    if (token.type === 'link') {
      const link = token as Tokens.Link;
      if (!SAFE_URL.test(link.href.trim())) link.href = '#';
    }
  },
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ text }) {
      return escapeHtml(text);
    },
  },
});

/** Markdown source → HTML safe to insert (raw HTML escaped, unsafe URLs removed). */
export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}

export function Markdown({ source, label }: { source: string; label?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // The HTML comes from renderMarkdown, which escapes every raw-HTML token of the input.
  return (
    <div className="markdown" aria-label={label} role="document" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
