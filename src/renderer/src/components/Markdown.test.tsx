import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown, sanitizeHtml } from './Markdown';

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

  it('sanitizes what reaches the page: script, event handlers and javascript: links are removed', () => {
    const html = sanitizeHtml(
      '<p>ok</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
        '<a href="https://example.com" onclick="alert(4)">y</a><div onmouseover="alert(5)">z</div>',
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('script, img')).toBeNull();
    const attributes = [...page.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].map((a) => a.value),
    );
    expect(attributes.join(' ')).not.toMatch(/alert|javascript:/);
    expect(page.querySelectorAll('a')[1]?.getAttribute('href')).toBe('https://example.com');
    expect(page.textContent).toBe('okxyz');
  });

  it('a story carrying a payload renders inert', () => {
    const story =
      '## Share links\n\n[open](javascript:alert(1)) <img src=x onerror=alert(2)>\n\n<script>alert(3)</script>\n\n' +
      '[mail](mailto:a@b.c) [evil](JAVASCRIPT:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=)';
    const { container } = render(<Markdown source={story} />);
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, 'mailto:a@b.c', null, null]);
    expect(container.querySelector('h2')?.textContent).toBe('Share links');
  });
});
