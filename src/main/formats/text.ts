/** Small text helpers the spec formats share: names, one-line forms and Given/When/Then. */

/** Text on one line: a task or a list item cannot span lines in the formats' task lists. */
export const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/** Paragraph text as a file holds it: trimmed, never empty (an empty section breaks the formats' parsers). */
export const paragraph = (text: string, empty: string): string => text.trim() || empty;

export interface Gwt {
  given?: string;
  when: string;
  then: string;
}

/** "Given A, when B, then C" (any case, "given" optional), or undefined for a criterion of another shape. */
export function parseGwt(text: string): Gwt | undefined {
  const m = /^\s*(?:given\s+(.+?),?\s+)?when\s+(.+?),?\s+then\s+(.+?)\s*$/is.exec(oneLine(text));
  if (!m) return undefined;
  return { ...(m[1] ? { given: m[1] } : {}), when: m[2]!, then: m[3]! };
}

/** Splits a document into its `level` headings' sections: [heading text, body lines][] (text before the first: ''). */
export function sections(
  lines: readonly string[],
  level: number,
): { title: string; line: number; body: string[] }[] {
  const mark = '#'.repeat(level) + ' ';
  const out: { title: string; line: number; body: string[] }[] = [{ title: '', line: 0, body: [] }];
  lines.forEach((line, i) => {
    if (line.startsWith(mark)) out.push({ title: line.slice(mark.length).trim(), line: i + 1, body: [] });
    else out[out.length - 1]!.body.push(line);
  });
  return out;
}

/** Markdown checkbox items of a list: `- [x] text` → {done, text}. */
export function checkboxes(lines: readonly string[]): { done: boolean; text: string; line: number }[] {
  const out: { done: boolean; text: string; line: number }[] = [];
  lines.forEach((line, i) => {
    const m = /^\s*[-*]\s+\[([ xX])\]\s+(.*)$/.exec(line);
    if (m) out.push({ done: m[1] !== ' ', text: m[2]!.trim(), line: i + 1 });
  });
  return out;
}

/** The first words of a text, at most `max` characters, cut between words: a heading for a long sentence. */
export function headline(text: string, max = 60): string {
  const line = oneLine(text).replace(/[.:;,!?]+$/, '');
  if (line.length <= max) return line;
  const cut = line.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : line.slice(0, max)).replace(/[.:;,!?]+$/, '')}…`;
}
