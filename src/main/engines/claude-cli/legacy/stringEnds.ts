import {
  fenceLength,
  isDigit,
  isIdentPart,
  isIdentStart,
  isQuote,
  isWhitespace,
  QUOTE_CLOSERS,
} from './textScan';

// Where an unescaped quote may end a string. Models write `"Add "dark mode" toggle"`; a quote only ends the string
// when what follows fits the place the string stands in, so the rest of the string never becomes a key.

/** How far past a closing quote an alternative end is looked for: one long line of JSON, not a whole document. */
const ALTERNATIVE_WINDOW = 4000;

/** The container a string stands in: `}` (object) or `]` (array). */
export type Container = '}' | ']' | undefined;

function skipSpaces(text: string, i: number): number {
  while (isWhitespace(text[i])) i++;
  return i;
}

/** Whether a `key:` (quoted or bare) starts at i. A cheap look without parsing the string's escapes fully. */
export function keyAhead(text: string, i: number): boolean {
  const c = text[i];
  let j = i;
  if (isQuote(c)) {
    const closers = QUOTE_CLOSERS[c!]!;
    j++;
    while (j < text.length && !closers.includes(text[j]!) && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    j++;
  } else if (isIdentStart(c)) {
    while (isIdentPart(text[j])) j++;
  } else return false;
  return text[skipSpaces(text, j)] === ':';
}

function commentOrFence(text: string, i: number): boolean {
  const c = text[i];
  if (c === '#') return true;
  if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) return true;
  return text.startsWith('<!--', i) || fenceLength(text, i) > 0;
}

const LITERAL_WORD = /^(?:true|false|null|none|undefined)\b/i;

/** Whether an array item may start at i: anything JSON-like, not a prose word. */
function valueAhead(text: string, i: number): boolean {
  const c = text[i];
  if (c === undefined || isQuote(c) || c === '{' || c === '[' || c === ']' || c === '-' || c === '+')
    return true;
  if (isDigit(c) || c === '.' || c === '\u2026') return true;
  return LITERAL_WORD.test(text.slice(i, i + 10));
}

/** After a comma: what an object (a key) or an array (an item) can hold next, or the end of the block. */
function continuationFits(text: string, i: number, container: Container): boolean {
  const c = text[i];
  if (c === undefined || c === '}' || c === ']' || commentOrFence(text, i) || text.startsWith('...', i))
    return true;
  if (c === ',') return true; // a doubled comma, repaired by the container
  return container === '}' ? keyAhead(text, i) : valueAhead(text, i);
}

/** Is a closing quote at i-1 the end of a key? Only a colon may follow a key. */
export function keyEndsAt(text: string, i: number): boolean {
  i = skipSpaces(text, i);
  return text[i] === undefined || text[i] === ':';
}

/** Is a closing quote at i-1 the end of a value string standing in `container`? */
export function valueEndsAt(text: string, after: number, container: Container): boolean {
  const i = skipSpaces(text, after);
  const c = text[i];
  if (c === undefined || c === '}' || c === ']' || commentOrFence(text, i)) return true;
  if (c === ',') return continuationFits(text, skipSpaces(text, i + 1), container);
  // A missing comma before the next item: in an object a key must follow; in an array two quotes in a row (`""`)
  // are the end of a quoted word inside the string, not two items.
  if (isQuote(c)) return container === '}' ? keyAhead(text, i) : i > after;
  return false;
}

/**
 * A value string that ended after an odd number of unescaped inner quotes (`"Say "hi` ...) may have ended too early:
 * is there a later quote on which it could end as well, leaving its inner quotes paired? Then the text holds two
 * readings with different keys, and neither may be picked. `from` is just past the quote taken as the end.
 */
export function pairedEndLater(text: string, from: number, closers: string, container: Container): boolean {
  const stop = Math.min(text.length, from + ALTERNATIVE_WINDOW);
  let quotes = 1; // the quote taken as the end becomes an inner one in the longer reading
  for (let i = from; i < stop; i++) {
    const c = text[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '\n') return false;
    if (!closers.includes(c)) continue;
    if (quotes % 2 === 1 && valueEndsAt(text, i + 1, container)) return true;
    quotes++;
  }
  return false;
}
