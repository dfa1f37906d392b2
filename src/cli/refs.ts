/**
 * Every `--story`, `--sprint` and `--stories` option takes a full id or a short id (`PUF-xxxx`, see
 * src/shared/shortIds.ts): the short ones are turned into the ids they stand for before any request, from the
 * opened project's backlog and sprints. Anything else goes as given, for the contract and the services to judge.
 */
import { isShortId, matchId, shortId } from '../shared/shortIds';
import { HEADLESS_ADVICE } from './headlessAdvice';
import { CliFailure, type CommandSpec, type FlagSpec, type OutputContext, type Payload } from './spec';

export type RefKind = NonNullable<FlagSpec['ref']>;

interface Named {
  id: string;
  title: string;
}

const LISTS: Record<RefKind, { noun: string; plural: string; list: string }> = {
  story: { noun: 'story', plural: 'stories', list: '`puffin stories list --project DIR`' },
  sprint: { noun: 'sprint', plural: 'sprints', list: '`puffin sprint list --project DIR`' },
};

/** The stories or sprints of the opened project, each read once per command. */
export function namedRecords(ctx: OutputContext): (kind: RefKind) => Promise<Named[]> {
  const cache = new Map<RefKind, Promise<Named[]>>();
  const load = (kind: RefKind): Promise<Named[]> =>
    kind === 'story' ? ctx.call('stories:list', {}) : ctx.call('sprints:list', {});
  return (kind) => {
    if (!cache.has(kind)) cache.set(kind, load(kind));
    return cache.get(kind)!;
  };
}

/** The id `text` stands for among `records`; a short id that fits none or several is refused. */
export function resolveRef(flag: string, kind: RefKind, text: string, records: readonly Named[]): string {
  const ids = records.map((r) => r.id);
  const match = matchId(text, ids);
  const { noun, plural, list } = LISTS[kind];
  if (match.kind === 'found') return match.id;
  if (match.kind === 'unknown') return text;
  if (match.kind === 'none')
    throw new CliFailure({
      code: 'not_found',
      message: `--${flag} ${text}: no ${noun} of this project has an id starting so. ${list} lists them with their short ids.`,
    });
  const candidates = match.candidates.map((id) => ({
    id,
    shortId: shortId(id, ids),
    title: records.find((r) => r.id === id)!.title,
  }));
  throw new CliFailure({
    code: 'ambiguous_id',
    message:
      `--${flag} ${text} fits ${candidates.length} ${plural}: ` +
      `${candidates.map((c) => `${c.shortId} (${c.title})`).join(', ')}. ${HEADLESS_ADVICE.ambiguous_id}`,
    details: { candidates },
  });
}

/** The payload with every id option of the command resolved (a list option item by item). */
export async function resolveRefs(spec: CommandSpec, payload: Payload, ctx: OutputContext): Promise<Payload> {
  // Full ids go as given (the services judge them), so only a short id costs a listing.
  const short = (v: unknown) => typeof v === 'string' && isShortId(v);
  const refs = (spec.flags ?? []).filter((f) => {
    const value = f.ref && f.field ? payload[f.field] : undefined;
    return Array.isArray(value) ? value.some(short) : short(value);
  });
  if (refs.length === 0) return payload;
  const records = namedRecords(ctx);
  const out = { ...payload };
  for (const f of refs) {
    const value = out[f.field!];
    const all = await records(f.ref!);
    const one = (v: unknown) => (typeof v === 'string' ? resolveRef(f.flag, f.ref!, v, all) : v);
    out[f.field!] = Array.isArray(value) ? value.map(one) : one(value);
  }
  return out;
}
