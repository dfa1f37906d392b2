// CSS_SELECTOR_EXISTS: selectors compared after css-tree normalisation (whitespace, combinator spacing), inside
// selector lists, inside at-rule blocks (@media, @supports, @layer, …) and with CSS nesting resolved
// (`.card { .title {} }` defines `.card .title`; see styleRules.ts).
import { generate, parse, type CssNode, type SelectorList } from 'css-tree';
import type { SourceLocation } from '../../../shared/assertions';
import { malformed } from '../errors';
import { reqString, specOf } from '../fields';
import { isOutcome, targetFiles, type TargetRule } from './targetFiles';
import { fail, listSome, pass, quote, type Evaluator } from './types';

const STYLE_EXTENSIONS = /\.(?:css|pcss|postcss)$/i;
/** A named file is read as CSS whatever its extension; a glob keeps the stylesheet extensions only. */
const STYLESHEETS: TargetRule = {
  unit: 'stylesheet',
  kept: 'stylesheet',
  keeps: (entry) => STYLE_EXTENSIONS.test(entry.rel),
};

/** Each selector of a comma list, normalised by css-tree's generator; an unparseable selector is malformed input. */
export function normalizeSelectors(selector: string): string[] {
  let ast: CssNode;
  let broken = false;
  try {
    ast = parse(selector, { context: 'selectorList', onParseError: () => (broken = true) });
  } catch {
    broken = true;
    ast = { type: 'Raw', value: selector };
  }
  if (broken || ast.type !== 'SelectorList')
    throw malformed('assertion.selector', `is not a valid CSS selector: ${quote(selector)}`);
  return (ast as SelectorList).children.toArray().map((s) => generate(s));
}

interface FoundSelector {
  selector: string;
  location: SourceLocation;
}

/** CSS_SELECTOR_EXISTS `{selector}`; with a comma list, every selector of the list must exist. */
export const evaluateCssSelector: Evaluator = async (ctx, a) => {
  const wanted = normalizeSelectors(reqString(specOf(a), 'selector'));
  const files = await targetFiles(ctx, a.target, STYLESHEETS);
  if (isOutcome(files)) return files;
  const { entries, label } = files;
  const found: FoundSelector[] = [];
  for (const entry of entries) {
    for (const d of await ctx.stylesheet(entry)) {
      found.push({ selector: d.selector, location: { file: entry.rel, line: d.line, column: d.column } });
    }
  }

  const missing = wanted.filter((w) => !found.some((f) => f.selector === w));
  if (missing.length === 0) {
    const hit = found.find((f) => f.selector === wanted[0])!;
    return pass(
      `selector ${quote(wanted.join(', '))} found at ${quote(hit.location.file)} line ${hit.location.line}`,
      hit.location,
    );
  }
  return fail(
    `selector(s) ${missing.map(quote).join(', ')} not found in ${label} (selectors: ${listSome(found.map((f) => f.selector)) || 'none'})`,
  );
};
