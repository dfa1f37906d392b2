import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from './Markdown';

describe('Markdown', () => {
  it('renders headings, lists, code and links', () => {
    const { container } = render(
      <Markdown source={'# Plan\n\n- one\n- two\n\n`code` and [docs](https://example.com)'} />,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Plan');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('code')?.textContent).toBe('code');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
  });

  it('shows raw HTML as text instead of running it', () => {
    const { container } = render(
      <Markdown
        source={'<script>alert(1)</script>\n\nHi <img src=x onerror="alert(2)"> there <b>bold</b>'}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<b>bold</b>');
  });

  it('drops javascript: and data: link targets and image loads', () => {
    const html = renderMarkdown(
      '[x](javascript:alert(1)) [y](data:text/html,hi) ![alt text](https://evil/t.png)',
    );
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).not.toContain('<img');
    expect(html).toContain('alt text');
  });
});
