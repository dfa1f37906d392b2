/**
 * The difference between two plan revisions, for the revision diff view. Pure TypeScript (src/shared).
 * Items are matched by storyId, shared components by path and risks by description (a reworded risk is
 * one removed and one added). File and dependency lists compare as sets: reordering them is not a change.
 */
import type { Plan, PlanItem, PlanRisk, SharedComponent } from './schema-types';

export type TextField = 'title' | 'approach' | 'complexity' | 'notes';
export type ListField = 'filesCreated' | 'filesModified' | 'dependencies';

export interface ListChange {
  added: string[];
  removed: string[];
}

export type ItemFieldChange =
  | { field: TextField; from: string; to: string }
  | { field: 'order'; from: number; to: number }
  | ({ field: ListField } & ListChange);

export type PlanItemDiff =
  | { kind: 'added'; storyId: string; item: PlanItem }
  | { kind: 'removed'; storyId: string; item: PlanItem }
  | { kind: 'changed'; storyId: string; from: PlanItem; to: PlanItem; changes: ItemFieldChange[] };

export interface ValueChange<T> {
  from: T;
  to: T;
}

export interface SharedComponentChange {
  path: string;
  purpose: ValueChange<string> | null;
  usedBy: ListChange | null;
}

export interface RiskChange {
  description: string;
  impact: ValueChange<PlanRisk['impact']> | null;
  mitigation: ValueChange<string> | null;
}

export interface ImplementationOrderChange {
  from: string[];
  to: string[];
  added: string[];
  removed: string[];
  /** Ids in both orders whose relative position changed (those outside a longest common subsequence). */
  moved: string[];
}

export interface PlanDiff {
  identical: boolean;
  /** Changed and added items in `to`'s order, then removed items in `from`'s order. */
  items: PlanItemDiff[];
  /** Story ids of items present and equal in both, in `to`'s order. */
  unchangedItems: string[];
  sharedComponents: {
    added: SharedComponent[];
    removed: SharedComponent[];
    changed: SharedComponentChange[];
  };
  risks: { added: PlanRisk[]; removed: PlanRisk[]; changed: RiskChange[] };
  /** Null when the sequence is the same. */
  implementationOrder: ImplementationOrderChange | null;
}

const TEXT_FIELDS: readonly TextField[] = ['title', 'approach', 'complexity', 'notes'];
const LIST_FIELDS: readonly ListField[] = ['filesCreated', 'filesModified', 'dependencies'];

export function diffPlans(from: Plan, to: Plan): PlanDiff {
  const items = diffItems(from.planItems, to.planItems);
  const sharedComponents = diffShared(from.sharedComponents, to.sharedComponents);
  const risks = diffRisks(from.risks, to.risks);
  const implementationOrder = diffOrder(from.implementationOrder, to.implementationOrder);
  const identical =
    items.changes.length === 0 &&
    sharedComponents.added.length + sharedComponents.removed.length + sharedComponents.changed.length === 0 &&
    risks.added.length + risks.removed.length + risks.changed.length === 0 &&
    implementationOrder === null;
  return {
    identical,
    items: items.changes,
    unchangedItems: items.unchanged,
    sharedComponents,
    risks,
    implementationOrder,
  };
}

export function diffList(from: readonly string[], to: readonly string[]): ListChange {
  const before = new Set(from);
  const after = new Set(to);
  return {
    added: [...after].filter((x) => !before.has(x)),
    removed: [...before].filter((x) => !after.has(x)),
  };
}

const isEmpty = (c: ListChange): boolean => c.added.length === 0 && c.removed.length === 0;

/** Keys by `key(x)`, with `#n` on repeats so duplicates pair up by position instead of colliding. */
function keyed<T>(list: readonly T[], key: (x: T) => string): Map<string, T> {
  const seen = new Map<string, number>();
  const out = new Map<string, T>();
  for (const x of list) {
    const k = key(x);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    out.set(n === 0 ? k : `${k}#${n}`, x);
  }
  return out;
}

function diffItem(a: PlanItem, b: PlanItem): ItemFieldChange[] {
  const changes: ItemFieldChange[] = [];
  for (const field of TEXT_FIELDS) {
    if (a[field] !== b[field]) changes.push({ field, from: a[field], to: b[field] });
  }
  if (a.order !== b.order) changes.push({ field: 'order', from: a.order, to: b.order });
  for (const field of LIST_FIELDS) {
    const c = diffList(a[field], b[field]);
    if (!isEmpty(c)) changes.push({ field, ...c });
  }
  return changes;
}

function diffItems(from: PlanItem[], to: PlanItem[]): { changes: PlanItemDiff[]; unchanged: string[] } {
  const before = keyed(from, (i) => i.storyId);
  const after = keyed(to, (i) => i.storyId);
  const changes: PlanItemDiff[] = [];
  const unchanged: string[] = [];
  for (const [k, b] of after) {
    const a = before.get(k);
    if (!a) {
      changes.push({ kind: 'added', storyId: b.storyId, item: b });
      continue;
    }
    const fields = diffItem(a, b);
    if (fields.length === 0) unchanged.push(b.storyId);
    else changes.push({ kind: 'changed', storyId: b.storyId, from: a, to: b, changes: fields });
  }
  for (const [k, a] of before) {
    if (!after.has(k)) changes.push({ kind: 'removed', storyId: a.storyId, item: a });
  }
  return { changes, unchanged };
}

function diffShared(from: SharedComponent[], to: SharedComponent[]): PlanDiff['sharedComponents'] {
  const before = keyed(from, (c) => c.path);
  const after = keyed(to, (c) => c.path);
  const out: PlanDiff['sharedComponents'] = { added: [], removed: [], changed: [] };
  for (const [k, b] of after) {
    const a = before.get(k);
    if (!a) {
      out.added.push(b);
      continue;
    }
    const usedBy = diffList(a.usedBy, b.usedBy);
    const purpose = a.purpose === b.purpose ? null : { from: a.purpose, to: b.purpose };
    if (purpose || !isEmpty(usedBy)) {
      out.changed.push({ path: b.path, purpose, usedBy: isEmpty(usedBy) ? null : usedBy });
    }
  }
  for (const [k, a] of before) if (!after.has(k)) out.removed.push(a);
  return out;
}

function diffRisks(from: PlanRisk[], to: PlanRisk[]): PlanDiff['risks'] {
  const before = keyed(from, (r) => r.description);
  const after = keyed(to, (r) => r.description);
  const out: PlanDiff['risks'] = { added: [], removed: [], changed: [] };
  for (const [k, b] of after) {
    const a = before.get(k);
    if (!a) {
      out.added.push(b);
      continue;
    }
    const impact = a.impact === b.impact ? null : { from: a.impact, to: b.impact };
    const mitigation = a.mitigation === b.mitigation ? null : { from: a.mitigation, to: b.mitigation };
    if (impact || mitigation) out.changed.push({ description: b.description, impact, mitigation });
  }
  for (const [k, a] of before) if (!after.has(k)) out.removed.push(a);
  return out;
}

function diffOrder(from: string[], to: string[]): ImplementationOrderChange | null {
  if (from.length === to.length && from.every((id, i) => id === to[i])) return null;
  const { added, removed } = diffList(from, to);
  const inTo = new Set(to);
  const inFrom = new Set(from);
  const common = lcs(
    from.filter((id) => inTo.has(id)),
    to.filter((id) => inFrom.has(id)),
  );
  const stayed = new Set(common);
  const moved = [...new Set(to.filter((id) => inFrom.has(id) && !stayed.has(id)))];
  return { from, to, added, removed, moved };
}

/** Longest common subsequence; the lists are short (≤ 100 by the plan schema), so O(n·m) is fine. */
function lcs(a: string[], b: string[]): string[] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => table[i * cols + j]!;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const out: string[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      out.push(a[i]!);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return out;
}
