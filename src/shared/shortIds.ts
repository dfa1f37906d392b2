/**
 * Short ids: `PUF-` and the first characters of an id (dashes left out), at least four, as many more as it takes
 * to tell it from every other id of its kind (`PUF-6960` for story 6960112a-…, `PUF-mx0e` for sprint-mx0ex4dz-…). Every `--story`, `--sprint` and
 * `--stories` option of the command line takes one wherever it takes a full id; a short id that fits several
 * ids is refused with the candidates, never guessed.
 */

export const SHORT_ID_PREFIX = 'PUF-';
/** The fewest characters of an id a short id shows. */
export const SHORT_ID_MIN = 4;

/** The characters a short id is made of: the id without dashes, nor the `sprint-` every sprint id starts with. */
export const shortIdBody = (id: string) =>
  id
    .replace(/^sprint-/i, '')
    .replace(/-/g, '')
    .toLowerCase();

export function isShortId(text: string): boolean {
  return /^PUF-[A-Za-z0-9._-]+$/i.test(text);
}

/** The shortest short id of `id` that no other id of `all` shares (all may include id itself). */
export function shortId(id: string, all: readonly string[] = []): string {
  const own = shortIdBody(id);
  const others = all.map(shortIdBody).filter((b) => b !== own);
  let n = Math.min(SHORT_ID_MIN, own.length);
  while (n < own.length && others.some((b) => b.startsWith(own.slice(0, n)))) n++;
  return `${SHORT_ID_PREFIX}${own.slice(0, n)}`;
}

const common = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/**
 * The short id of every id of `ids`, each told apart from all the others: sorted, an id shares the most with a
 * neighbour, so a large backlog takes one sort rather than comparing every pair.
 */
export function shortIds(ids: readonly string[]): Map<string, string> {
  const sorted = [...new Set(ids)]
    .map((id) => ({ id, b: shortIdBody(id) }))
    .sort((x, y) => (x.b < y.b ? -1 : 1));
  const out = new Map<string, string>();
  sorted.forEach(({ id, b }, i) => {
    const before = i > 0 && sorted[i - 1]!.b !== b ? common(b, sorted[i - 1]!.b) : 0;
    const after = i + 1 < sorted.length && sorted[i + 1]!.b !== b ? common(b, sorted[i + 1]!.b) : 0;
    const n = Math.min(b.length, Math.max(SHORT_ID_MIN, before + 1, after + 1));
    out.set(id, `${SHORT_ID_PREFIX}${b.slice(0, n)}`);
  });
  return out;
}

/** Each record with its short id among `all` (default: the records themselves), for the command line to print. */
export function withShortIds<T extends { id: string }>(
  records: readonly T[],
  all: readonly string[] = records.map((r) => r.id),
): (T & { shortId: string })[] {
  const short = shortIds([...all, ...records.map((r) => r.id)]);
  return records.map((r) => ({ ...r, shortId: short.get(r.id)! }));
}

export type IdMatch =
  | { kind: 'found'; id: string }
  /** A short id that fits no id. */
  | { kind: 'none' }
  /** A short id that fits several ids: they are the candidates. */
  | { kind: 'ambiguous'; candidates: string[] }
  /** Neither a known id nor a short id: left as given, for whoever takes it to judge. */
  | { kind: 'unknown' };

/** A full id (as it is) or a short id (by prefix) among `ids`: a full id wins over a short id that fits. */
export function matchId(text: string, ids: readonly string[]): IdMatch {
  if (ids.includes(text)) return { kind: 'found', id: text };
  if (!isShortId(text)) return { kind: 'unknown' };
  const prefix = shortIdBody(text.slice(SHORT_ID_PREFIX.length));
  // An id that is the whole short id is that id, even when longer ids start with it (s1 among s1, s10).
  const whole = ids.filter((id) => shortIdBody(id) === prefix);
  const fits = whole.length === 1 ? whole : ids.filter((id) => shortIdBody(id).startsWith(prefix));
  if (fits.length === 1) return { kind: 'found', id: fits[0]! };
  return fits.length === 0 ? { kind: 'none' } : { kind: 'ambiguous', candidates: [...fits].sort() };
}
