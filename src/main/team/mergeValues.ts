/**
 * A three-way merge of two versions of one record against their common ancestor, field by field: a field changed on
 * one side only takes that side's value; changed the same way on both, that value; changed differently on both, it
 * is a conflict, and the current side's value is kept (but for `updatedAt`, which both edits move: the later). Lists of records that carry a key (`id`, a revision's
 * `number`) are merged element by element, so two branches that each append survive; two elements both sides added
 * under the same revision number are both kept, the other side's renumbered after the last.
 */

import type { FieldConflict } from '../../shared/team';

export interface Merged {
  /** Undefined: the record is gone (deleted on one side, unchanged on the other). */
  value: unknown;
  conflicts: FieldConflict[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (!isObj(a) || !isObj(b)) return false;
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  if (keys.length !== Object.keys(b).filter((k) => b[k] !== undefined).length) return false;
  return keys.every((k) => sameValue(a[k], b[k]));
}

/** The fields that name an element of a list, in the order they are tried. */
const ELEMENT_KEYS = ['id', 'number', 'storyId', 'assertionId', 'sprintId', 'key', 'startedAt'];

/** The key field every element of these lists has (distinct values), or null when they are not such lists. */
function elementKey(lists: readonly unknown[][]): string | null {
  const all = lists.flat();
  if (all.length === 0 || !all.every(isObj)) return null;
  for (const k of ELEMENT_KEYS) {
    const fits = lists.every((l) => {
      const keys = l.map((e) => (e as Obj)[k]);
      const ok = keys.every((v) => typeof v === 'string' || typeof v === 'number');
      return ok && new Set(keys).size === keys.length;
    });
    if (fits) return k;
  }
  return null;
}

const join = (path: string, part: string | number) => (path ? `${path}/${part}` : String(part));

/** Fields that say when a record last changed: each side's edit moves it, so the later one is the merge's. */
const LAST_CHANGED = new Set(['updatedAt']);
const lastOf = (field: string) => field.slice(field.lastIndexOf('/') + 1);

export function mergeValues(ancestor: unknown, current: unknown, other: unknown, field = ''): Merged {
  if (sameValue(current, other)) return { value: current, conflicts: [] };
  if (sameValue(ancestor, current)) return { value: other, conflicts: [] };
  if (sameValue(ancestor, other)) return { value: current, conflicts: [] };
  if (LAST_CHANGED.has(lastOf(field)) && typeof current === 'string' && typeof other === 'string')
    return { value: current > other ? current : other, conflicts: [] };
  if (isObj(current) && isObj(other))
    return mergeObjects(isObj(ancestor) ? ancestor : {}, current, other, field);
  if (Array.isArray(current) && Array.isArray(other)) {
    const base = Array.isArray(ancestor) ? ancestor : [];
    const key = elementKey([base, current, other]);
    if (key) return mergeKeyedLists(base, current, other, key, field);
  }
  return { value: current, conflicts: [{ field, ancestor, current, other }] };
}

function mergeObjects(ancestor: Obj, current: Obj, other: Obj, field: string): Merged {
  const out: Obj = {};
  const conflicts: FieldConflict[] = [];
  const keys = [...new Set([...Object.keys(current), ...Object.keys(other), ...Object.keys(ancestor)])];
  for (const k of keys) {
    const m = mergeValues(ancestor[k], current[k], other[k], join(field, k));
    if (m.value !== undefined) out[k] = m.value;
    conflicts.push(...m.conflicts);
  }
  return { value: out, conflicts };
}

/**
 * Element by element, by `key`: the current side's order, then what only the other side added, in its order. An
 * element deleted on one side and changed on the other is a conflict that keeps the current side's choice.
 */
function mergeKeyedLists(
  ancestor: unknown[],
  current: unknown[],
  other: unknown[],
  key: string,
  field: string,
): Merged {
  const byKey = (list: unknown[]) => new Map(list.map((e) => [(e as Obj)[key] as string | number, e]));
  const [base, ours, theirs] = [byKey(ancestor), byKey(current), byKey(other)];
  const out: unknown[] = [];
  const conflicts: FieldConflict[] = [];
  const renumber: unknown[] = [];
  const order = [...ours.keys(), ...[...theirs.keys()].filter((k) => !ours.has(k))];
  for (const k of order) {
    const [b, o, t] = [base.get(k), ours.get(k), theirs.get(k)];
    if (key === 'number' && b === undefined && o !== undefined && t !== undefined && !sameValue(o, t)) {
      out.push(o); // both appended a revision of this number: both are kept
      renumber.push(t);
      continue;
    }
    const m = mergeValues(b, o, t, join(field, k));
    if (m.value !== undefined) out.push(m.value);
    conflicts.push(...m.conflicts);
  }
  let next = out.reduce<number>((max, e) => Math.max(max, Number((e as Obj).number) || 0), 0);
  for (const e of renumber) out.push({ ...(e as Obj), number: ++next });
  // Runs appended on two branches are one history: in the order they ran.
  if (key === 'startedAt')
    out.sort((a, b) => String((a as Obj).startedAt).localeCompare(String((b as Obj).startedAt)));
  return { value: out, conflicts };
}
