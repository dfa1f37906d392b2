/**
 * The selectors a stylesheet defines, each as the whole selector it matches, with where it is written.
 * CSS nesting is resolved: `.card { &:hover {} .title {} > .a {} @media (…) { .x {} } }` defines `.card:hover`,
 * `.card .title`, `.card>.a` and `.card .x`. postcss reads the rule tree (css-tree 3 drops a nested rule unless it
 * starts with `&`); css-tree normalises every selector and substitutes `&` in its syntax tree, never in the text
 * (an `&` may sit in a string or an escape). A file postcss refuses (an unclosed block, a stray word) is read by
 * css-tree's browser-like recovery instead, so a broken rule costs that rule, not the file.
 */
import postcss, { type AnyNode, type Container, type Document } from 'postcss';
import { clone, generate, parse, walk, type CssNode, type ListItem, type List } from 'css-tree';

export interface DefinedSelector {
  /** Normalised by css-tree's generator (the form normalizeSelectors gives a wanted selector). */
  selector: string;
  line: number;
  column: number;
}

/** A style rule as written: its selectors' texts and positions, and the rule it is nested in. */
interface WrittenRule {
  selectors: { text: string; line: number; column: number }[];
  parent: WrittenRule | undefined;
}

export function definedSelectors(text: string): DefinedSelector[] {
  let rules: WrittenRule[];
  try {
    rules = postcssRules(text);
  } catch {
    rules = recoveredRules(text);
  }
  return resolveNesting(rules);
}

const inKeyframes = (name: string) => /keyframes$/i.test(name); // `from`, `50%`: not selectors

const isNested = (up: Container | Document | undefined): up is Container =>
  up !== undefined && up.type !== 'root' && up.type !== 'document';

function postcssRules(text: string): WrittenRule[] {
  const rules: WrittenRule[] = [];
  const byNode = new Map<AnyNode, WrittenRule>();
  postcss.parse(text).walk((node) => {
    if (node.type !== 'rule') return;
    let parent: WrittenRule | undefined;
    for (let up: Container | Document | undefined = node.parent; isNested(up); up = up.parent) {
      if (up.type === 'atrule' && inKeyframes((up as postcss.AtRule).name)) return;
      if (up.type === 'rule') {
        parent = byNode.get(up as AnyNode);
        if (!parent) return; // inside a rule that was skipped
        break;
      }
    }
    const raw = node.raws.selector?.raw ?? node.selector;
    const start = node.source?.start ?? { line: 1, column: 1 };
    const selectors: WrittenRule['selectors'] = [];
    let from = 0;
    for (const piece of postcss.list.comma(raw)) {
      const at = raw.indexOf(piece, from);
      from = at + piece.length;
      const before = raw.slice(0, at);
      const newline = before.lastIndexOf('\n');
      selectors.push({
        text: piece,
        line: start.line + (before.match(/\n/g)?.length ?? 0),
        column: newline === -1 ? start.column + at : at - newline,
      });
    }
    const rule = { selectors, parent };
    byNode.set(node, rule);
    rules.push(rule);
  });
  return rules;
}

/** The rules css-tree keeps when it recovers from errors like a browser (only `&`-led nested rules). */
function recoveredRules(text: string): WrittenRule[] {
  const rules: WrittenRule[] = [];
  const open: (WrittenRule | 'skip' | null)[] = []; // per enclosing Rule/Atrule: its rule, or why not
  walk(parse(text, { positions: true, onParseError: () => undefined }), {
    enter(node: CssNode) {
      if (node.type === 'Atrule') open.push(inKeyframes(node.name) ? 'skip' : null);
      if (node.type !== 'Rule') return;
      const enclosing = open.findLast((r) => r !== null);
      if (enclosing === 'skip' || node.prelude.type !== 'SelectorList') {
        open.push('skip');
        return;
      }
      const rule: WrittenRule = {
        selectors: node.prelude.children.toArray().map((sel) => ({
          text: generate(sel),
          line: sel.loc?.start.line ?? node.loc?.start.line ?? 1,
          column: sel.loc?.start.column ?? node.loc?.start.column ?? 1,
        })),
        parent: enclosing ?? undefined,
      };
      rules.push(rule);
      open.push(rule);
    },
    leave(node: CssNode) {
      if (node.type === 'Atrule' || node.type === 'Rule') open.pop();
    },
  });
  return rules;
}

/** A selector's syntax tree, or undefined when css-tree cannot read it as one selector. */
function selectorAst(text: string): CssNode | undefined {
  let broken = false;
  try {
    const list = parse(text, { context: 'selectorList', onParseError: () => (broken = true) });
    if (broken || list.type !== 'SelectorList' || list.children.size !== 1) return undefined;
    return list.children.first ?? undefined;
  } catch {
    return undefined;
  }
}

/** `inner` nested in each of `outers`: each `&` becomes that selector; without one, `inner` is relative to it. */
function nest(inner: string, outers: readonly CssNode[]): (CssNode | undefined)[] {
  const ast = selectorAst(inner); // parsed once, cloned per outer selector
  // `> .a` is relative but not a selector alone, so the relative form is read from the joined text.
  if (!ast || !nestingSlots(ast).length) return outers.map((o) => selectorAst(`${generate(o)} ${inner}`));
  return outers.map((outer) => {
    const copy = clone(ast);
    for (const { item, list } of nestingSlots(copy)) {
      const replacement = clone(outer);
      if (replacement.type === 'Selector') list.replace(item, replacement.children);
    }
    return copy;
  });
}

/** Where `&` stands in a selector's tree (collected first: replacing while walking would disturb the walk). */
function nestingSlots(ast: CssNode): { item: ListItem<CssNode>; list: List<CssNode> }[] {
  const slots: { item: ListItem<CssNode>; list: List<CssNode> }[] = [];
  walk(ast, {
    visit: 'NestingSelector',
    enter(_node, item, list) {
      slots.push({ item, list });
    },
  });
  return slots;
}

function resolveNesting(rules: WrittenRule[]): DefinedSelector[] {
  const out: DefinedSelector[] = [];
  // Parents come before their children (both readers list rules in document order).
  const resolved = new Map<WrittenRule, CssNode[]>();
  for (const rule of rules) {
    const outers = rule.parent ? resolved.get(rule.parent) : undefined;
    const own: CssNode[] = [];
    for (const written of rule.selectors) {
      const full = outers ? nest(written.text, outers) : [selectorAst(written.text)];
      for (const ast of full) {
        if (!ast) continue; // not a selector css-tree can read: it cannot equal a wanted one either
        own.push(ast);
        out.push({ selector: generate(ast), line: written.line, column: written.column });
      }
    }
    resolved.set(rule, own);
  }
  return out;
}
