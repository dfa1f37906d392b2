import { fenceLength } from './textScan';
import { parseTolerant } from './tolerantParser';
import { looksDoublyEncoded, unescapeLayer } from './unescapeLayer';

/** Where a candidate sits: inside a ```json fence, an untagged fence, a fence for another language, or prose. */
export type FenceKind = 'json' | 'untagged' | 'other' | 'none';

export interface Candidate {
  value: unknown;
  start: number;
  end: number;
  /** False when the exact source slice is valid JSON. */
  repaired: boolean;
  fence: FenceKind;
  doublyEncoded: boolean;
  /** The text reads two ways here (unescaped quotes that may end a string or not): never used, only reported. */
  doubt?: string;
}

export interface TruncatedCandidate {
  start: number;
  fence: FenceKind;
  opener: '{' | '[';
}

export interface CandidateScan {
  candidates: Candidate[];
  /** A value that was still open when the text ended. Nothing after its start can be a separate candidate. */
  truncated?: TruncatedCandidate;
  /** The first `{`/`[` that did not parse after a string holding unescaped quotes: where, and that string. */
  unreadable?: { start: number; quotesAt: number };
}

const JSON_LANGS = new Set(['json', 'jsonc', 'json5', 'jsonl', 'ndjson']);

/**
 * One left-to-right pass over the text. Each `{` or `[` outside an earlier candidate is parsed with the
 * string-aware tolerant parser, so brackets and fence markers inside JSON strings are never mistaken for
 * structure, and prose such as "As a [user]" before the JSON fails fast and is skipped. Fence markers met
 * between candidates open and close fences, which tag the candidates found inside them.
 */
export function scanCandidates(text: string): CandidateScan {
  const candidates: Candidate[] = [];
  let unreadable: CandidateScan['unreadable'];
  const scanned = (more: Pick<CandidateScan, 'truncated'> = {}): CandidateScan => ({
    candidates,
    ...more,
    ...(unreadable && { unreadable }),
  });
  let fence: FenceKind = 'none';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const marker = fenceLength(text, i);
    if (marker > 0) {
      if (fence !== 'none') {
        fence = 'none';
        i += marker;
      } else {
        const lang = /^[\w+.-]*/.exec(text.slice(i + marker, i + marker + 32))![0].toLowerCase();
        fence = lang === '' ? 'untagged' : JSON_LANGS.has(lang) ? 'json' : 'other';
        i += marker + lang.length;
      }
      continue;
    }
    if (c !== '{' && c !== '[') {
      i++;
      continue;
    }
    const parsed = parseTolerant(text, i);
    if (parsed.kind === 'truncated') return scanned({ truncated: { start: i, fence, opener: c } });
    if (parsed.kind === 'value') {
      const strict = strictParse(text, i, parsed);
      const value = strict.ok ? strict.value : parsed.value;
      candidates.push({
        value,
        start: i,
        end: parsed.end,
        repaired: !strict.ok,
        fence,
        doublyEncoded: false,
        ...(parsed.doubt !== undefined && { doubt: parsed.doubt }),
      });
      i = Math.max(parsed.end, i + 1);
      continue;
    }
    if (parsed.innerQuotesAt !== undefined) unreadable ??= { start: i, quotesAt: parsed.innerQuotesAt };
    if (looksDoublyEncoded(text, i)) {
      const decoded = decodeTwice(text, i, fence);
      if (decoded === 'truncated') return scanned({ truncated: { start: i, fence, opener: c } });
      if (decoded) {
        candidates.push(decoded);
        i = decoded.end;
        continue;
      }
    }
    i++;
  }
  return scanned();
}

type ParsedValue = Extract<ReturnType<typeof parseTolerant>, { kind: 'value' }>;

// JSON.parse on the exact slice: for valid JSON the value is exactly what JSON.parse gives.
function strictParse(
  text: string,
  start: number,
  parsed: ParsedValue,
): { ok: true; value: unknown } | { ok: false } {
  if (parsed.repaired) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text.slice(start, parsed.end)) };
  } catch {
    return { ok: false };
  }
}

function decodeTwice(text: string, start: number, fence: FenceKind): Candidate | 'truncated' | undefined {
  const layer = unescapeLayer(text.slice(start));
  const parsed = parseTolerant(layer.text, 0);
  if (parsed.kind === 'truncated') return 'truncated';
  if (parsed.kind !== 'value') return undefined;
  const end = start + layer.sourceIndex[parsed.end]!;
  return {
    value: parsed.value,
    start,
    end,
    repaired: true,
    fence,
    doublyEncoded: true,
    ...(parsed.doubt !== undefined && { doubt: parsed.doubt }),
  };
}
