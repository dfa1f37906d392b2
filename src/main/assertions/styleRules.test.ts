import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateAssertions } from './evaluate';
import { definedSelectors } from './styleRules';
import { withTempDir } from '../../../test/support/assertions/assertionFixtures';

const selectors = (css: string) => definedSelectors(css).map((d) => d.selector);

describe('definedSelectors', () => {
  it('resolves CSS nesting: relative rules, `&`, combinators and nested at-rules', () => {
    const css = [
      '.card {',
      '  color: red;',
      '  .title { font-weight: 600; }',
      '  > .badge { margin: 0; }',
      '  &:hover { color: blue; }',
      '  .dark & { color: white; }',
      '  @media (max-width: 600px) {',
      '    .meta { display: none; }',
      '  }',
      '}',
    ].join('\n');
    expect(definedSelectors(css)).toEqual([
      { selector: '.card', line: 1, column: 1 },
      { selector: '.card .title', line: 3, column: 3 },
      { selector: '.card>.badge', line: 4, column: 3 },
      { selector: '.card:hover', line: 5, column: 3 },
      { selector: '.dark .card', line: 6, column: 3 },
      { selector: '.card .meta', line: 8, column: 5 },
    ]);
  });

  it('nests every selector of a list in every selector of its parent list, at any depth', () => {
    expect(selectors('.a, .b { & .c, .d { } }')).toEqual(['.a', '.b', '.a .c', '.b .c', '.a .d', '.b .d']);
    expect(selectors('.a { .b { &.c { } } }')).toEqual(['.a', '.a .b', '.a .b.c']);
    expect(selectors('.a .b { &:not(.c) { } & + & { } }')).toEqual(['.a .b', '.a .b:not(.c)', '.a .b+.a .b']);
  });

  it('substitutes `&` in the syntax tree only, never inside a string', () => {
    expect(selectors('.a { [title="x & y"] & { } }')).toEqual(['.a', '[title="x & y"] .a']);
  });

  it('gives each selector of a multi-line list its own position', () => {
    expect(definedSelectors('.x,\n  .y { }\n.z { .w,\n .v {} }')).toEqual([
      { selector: '.x', line: 1, column: 1 },
      { selector: '.y', line: 2, column: 3 },
      { selector: '.z', line: 3, column: 1 },
      { selector: '.z .w', line: 3, column: 6 },
      { selector: '.z .v', line: 4, column: 2 },
    ]);
  });

  it('skips keyframe steps and comments', () => {
    expect(selectors('@keyframes spin { from { a: b } 50% { a: c } }\n/* .gone {} */\n.kept {}')).toEqual([
      '.kept',
    ]);
  });

  it('reads a file postcss refuses by recovering like a browser, keeping the rules that parse', () => {
    // An unclosed block: postcss throws, css-tree keeps what a browser would.
    expect(selectors('.ok { }\n.b { & .c { color: red; }\n.d { x: y }')).toEqual(
      expect.arrayContaining(['.ok', '.b', '.b .c']),
    );
  });
});

it('CSS_SELECTOR_EXISTS finds selectors written with CSS nesting', async () => {
  await withTempDir(async (dir) => {
    await writeFile(
      path.join(dir, 'card.css'),
      '.story-card {\n  padding: 4px;\n  .title { font-weight: 600; }\n  &[data-state="done"] { opacity: 0.6; }\n}\n',
    );
    const run = await evaluateAssertions(dir, [
      {
        id: 'nested',
        type: 'CSS_SELECTOR_EXISTS',
        target: 'card.css',
        assertion: { selector: '.story-card  .title' },
      },
      {
        id: 'ampersand',
        type: 'CSS_SELECTOR_EXISTS',
        target: 'card.css',
        assertion: { selector: '.story-card[data-state="done"]' },
      },
      {
        id: 'not-top-level',
        type: 'CSS_SELECTOR_EXISTS',
        target: 'card.css',
        assertion: { selector: '.title' },
      },
    ]);
    expect(run.results.map((r) => [r.assertionId, r.status, r.location?.line])).toEqual([
      ['nested', 'pass', 3],
      ['ampersand', 'pass', 4],
      ['not-top-level', 'fail', undefined],
    ]);
  });
});
