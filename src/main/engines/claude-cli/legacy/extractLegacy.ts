import { scanCandidates, type Candidate, type FenceKind } from './candidates';
import { looksLikeClarification } from './clarification';
import type { ErrorCodeOf } from '../../../../shared/errors';

/**
 * DEPRECATED text extractors: only for runs where the CLI gave no structured output (the last source, step 3 of extraction).
 * They replace the old 4-strategy story cascade and the 3-strategy JSON cascade with one pass that
 * locates every candidate, parses it strictly, repairs only the isolated candidate, and lets the caller's
 * validator pick.
 */

export type LegacyExpect = 'array' | 'object' | 'any';

export interface LegacyOptions {
  /** The JSON shape wanted: stories are an array, CRE answers an object. Default 'any'. */
  expect?: LegacyExpect;
  /** A schema check (e.g. an ajv validator): candidates it rejects are skipped. */
  accept?: (value: unknown) => boolean;
}

/** How the winning candidate was found. */
export type LegacyStrategy = 'whole_text' | 'json_fence' | 'code_fence' | 'embedded';

/** `truncated` is shared with the prompt family: a cut-off answer, whoever finds it. */
export type LegacyErrorCode = ErrorCodeOf<'legacy'> | 'truncated';

export type LegacyResult =
  | { ok: true; data: unknown; strategy: LegacyStrategy; repaired: boolean }
  | { ok: false; code: LegacyErrorCode; message: string };

const FENCE_RANK: Readonly<Record<FenceKind, number>> = { json: 3, untagged: 2, other: 1, none: 0 };

function shapeOk(value: unknown, expect: LegacyExpect): boolean {
  if (expect === 'array') return Array.isArray(value);
  if (expect === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === 'object' && value !== null;
}

function safeAccept(accept: LegacyOptions['accept'], value: unknown): boolean {
  if (!accept) return true;
  try {
    return accept(value);
  } catch {
    return false; // a throwing validator rejects, it does not abort extraction
  }
}

function isEmpty(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value as object).length === 0;
}

/**
 * Which acceptable candidate wins: JSON in a ```json fence over other fences over bare text (prose can hold
 * things like "[3]"); then JSON that parsed without repair; then non-empty over empty; then the later one
 * (a corrected version usually follows its draft).
 */
function better(a: Candidate, b: Candidate): boolean {
  if (FENCE_RANK[a.fence] !== FENCE_RANK[b.fence]) return FENCE_RANK[a.fence] > FENCE_RANK[b.fence];
  if (a.repaired !== b.repaired) return !a.repaired;
  if (isEmpty(a.value) !== isEmpty(b.value)) return !isEmpty(a.value);
  return a.start > b.start;
}

function strategyOf(text: string, c: Candidate): LegacyStrategy {
  const whole = text.slice(0, c.start).trim() === '' && text.slice(c.end).trim() === '';
  if (whole) return 'whole_text';
  if (c.fence === 'json') return 'json_fence';
  return c.fence === 'none' ? 'embedded' : 'code_fence';
}

export function extractLegacy(text: string, options: LegacyOptions = {}): LegacyResult {
  const expect = options.expect ?? 'any';
  const scan = scanCandidates(text);
  let best: Candidate | undefined;
  let doubtful: Candidate | undefined;
  for (const candidate of scan.candidates) {
    if (candidate.doubt !== undefined) {
      doubtful ??= candidate;
      continue;
    }
    if (!shapeOk(candidate.value, expect) || !safeAccept(options.accept, candidate.value)) continue;
    if (!best || better(candidate, best)) best = candidate;
  }

  // A value cut off by the end of the text is the answer that did not finish, unless a better-placed
  // complete answer exists (a ```json block before a stray trailing "{"). Never pass off a shorter object.
  const truncated = scan.truncated;
  const truncatedMatters =
    truncated !== undefined &&
    (expect === 'any' || (expect === 'array') === (truncated.opener === '[')) &&
    (!best || FENCE_RANK[truncated.fence] >= FENCE_RANK[best.fence]);
  if (truncatedMatters) {
    return {
      ok: false,
      code: 'truncated',
      message: `JSON starting at offset ${truncated.start} is cut off before it closes`,
    };
  }
  if (best) return { ok: true, data: best.value, strategy: strategyOf(text, best), repaired: best.repaired };

  // A repair that may have turned string content into keys would return an object the model never meant.
  if (doubtful) {
    return {
      ok: false,
      code: 'ambiguous_repair',
      message: `JSON at offset ${doubtful.start} reads more than one way: ${doubtful.doubt}. Ask the model again; escaped quotes (\\") read one way only`,
    };
  }
  // JSON whose strings hold unescaped quotes, unreadable either way: say so rather than "no JSON".
  if (scan.unreadable && scan.candidates.length === 0) {
    const { start, quotesAt } = scan.unreadable;
    return {
      ok: false,
      code: 'ambiguous_repair',
      message: `JSON at offset ${start} does not read as JSON: the string at offset ${quotesAt} holds unescaped quotes, and what follows where it was taken to end does not parse. Ask the model again; escaped quotes (\\") read one way only`,
    };
  }
  if (looksLikeClarification(text)) {
    return {
      ok: false,
      code: 'clarification',
      message: 'the model asked for clarification instead of answering',
    };
  }
  if (scan.candidates.length > 0) {
    const n = scan.candidates.length;
    return {
      ok: false,
      code: 'invalid',
      message: `${n} JSON value${n === 1 ? '' : 's'} found, none ${expect === 'any' ? 'accepted' : `an acceptable ${expect}`}`,
    };
  }
  return { ok: false, code: 'no_json', message: 'no JSON object or array in the text' };
}
