// Character-level helpers shared by the tolerant parser and the candidate scanner.

export function isWhitespace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\f' || c === '\v' || c === '\u00a0';
}

/** A Markdown code fence marker (``` or ~~~) starting at i; returns its length (≥ 3) or 0. */
export function fenceLength(text: string, i: number): number {
  const c = text[i];
  if (c !== '`' && c !== '~') return 0;
  let j = i;
  while (text[j] === c) j++;
  return j - i >= 3 ? j - i : 0;
}

export function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

export function isIdentStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z_$]/.test(c);
}

export function isIdentPart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_$-]/.test(c);
}

/** Opening quote → the characters that may close it. Smart quotes are LLM damage around JSON strings. */
export const QUOTE_CLOSERS: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\u201c': '\u201d\u201c"', // “ closed by ” (or a stray “ / ")
  '\u2018': "\u2019\u2018'", // ‘ closed by ’
};

export function isQuote(c: string | undefined): boolean {
  return c !== undefined && Object.prototype.hasOwnProperty.call(QUOTE_CLOSERS, c);
}

/** JSON's one-character escapes: the character after the backslash → what it stands for. */
export const JSON_SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** The character a `\uXXXX` escape's four hex digits stand for, or null when they are not four hex digits. */
export function unicodeEscape(hex: string): string | null {
  return /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(parseInt(hex, 16)) : null;
}
