/**
 * Drafts: text the user typed and has not submitted or saved yet, kept in the browser's localStorage so a reload or
 * a renderer crash loses nothing. One entry per project and purpose (`prompt`, `story:<id>`, `answers:<sprint>`,
 * `feedback:<sprint>`, `context`); cleared when the text is submitted or saved successfully.
 *
 * Storage is best effort: corrupt or foreign entries are ignored, a full or disabled storage never breaks typing
 * (the text stays on screen, only the copy is lost), and the entries are bounded in age and in total size.
 */

/** Every draft's key starts with this; nothing else in localStorage is read or removed. */
const PREFIX = 'puffin.draft.v1:';
/** Drafts not touched for this long are dropped. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Characters all drafts may take together (about 2 MB in UTF-16, under every browser's quota). */
export const DRAFTS_MAX_CHARS = 1_000_000;

interface Entry {
  savedAt: number;
  value: unknown;
}

/** The key of a project's draft: JSON keeps any path and purpose apart (no separator can be spoofed). */
export const draftKey = (project: string, purpose: string): string =>
  PREFIX + JSON.stringify([project, purpose]);

/** localStorage, or null where it is unavailable (disabled, sandboxed, no window). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parseEntry(raw: string | null): Entry | null {
  if (raw === null) return null;
  try {
    const e: unknown = JSON.parse(raw);
    if (typeof e !== 'object' || e === null || !('savedAt' in e) || !('value' in e)) return null;
    return typeof e.savedAt === 'number' && Number.isFinite(e.savedAt)
      ? { savedAt: e.savedAt, value: e.value }
      : null;
  } catch {
    return null;
  }
}

/** The draft kept for this project and purpose, if it is one `accept` recognises (else null: ignored). */
export function readDraft<T>(project: string, purpose: string, accept: (v: unknown) => T | null): T | null {
  try {
    const entry = parseEntry(storage()?.getItem(draftKey(project, purpose)) ?? null);
    if (!entry || Date.now() - entry.savedAt > DRAFT_MAX_AGE_MS) return null;
    return accept(entry.value);
  } catch {
    return null;
  }
}

/** Keeps `value` as the draft; if the storage is full, old drafts make room once, else the copy is skipped. */
export function writeDraft(project: string, purpose: string, value: unknown): void {
  const store = storage();
  if (!store) return;
  pruneOnce(store);
  const key = draftKey(project, purpose);
  const raw = JSON.stringify({ savedAt: Date.now(), value });
  if (raw.length > DRAFTS_MAX_CHARS) {
    clearDraft(project, purpose); // an older, shorter copy would restore the wrong text
    return;
  }
  try {
    store.setItem(key, raw);
  } catch {
    try {
      pruneDrafts(store, Date.now(), DRAFTS_MAX_CHARS - raw.length, key);
      store.setItem(key, raw);
    } catch {
      // Still no room: the text stays on screen; only its copy for a reload is missing.
    }
  }
}

export function clearDraft(project: string, purpose: string): void {
  try {
    storage()?.removeItem(draftKey(project, purpose));
  } catch {
    // Nothing to do: a storage that cannot remove could not have kept it either.
  }
}

let pruned = false;
/** Once per page load: drops expired and corrupt drafts and keeps the total bounded. */
function pruneOnce(store: Storage): void {
  if (pruned) return;
  pruned = true;
  try {
    pruneDrafts(store, Date.now());
  } catch {
    // A storage that cannot be listed is used as it is.
  }
}

/**
 * Removes this app's drafts that are corrupt or older than DRAFT_MAX_AGE_MS, then the oldest ones until all fit
 * in `maxChars` (except `keep`, the one being written). Other keys in the storage are never touched.
 */
export function pruneDrafts(store: Storage, now: number, maxChars = DRAFTS_MAX_CHARS, keep?: string): void {
  const live: { key: string; savedAt: number; size: number }[] = [];
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
  for (const key of keys) {
    if (key === null || !key.startsWith(PREFIX) || key === keep) continue;
    const raw = store.getItem(key);
    const entry = parseEntry(raw);
    if (!entry || now - entry.savedAt > DRAFT_MAX_AGE_MS) store.removeItem(key);
    else live.push({ key, savedAt: entry.savedAt, size: key.length + (raw?.length ?? 0) });
  }
  let total = live.reduce((sum, d) => sum + d.size, 0);
  for (const d of live.sort((a, b) => a.savedAt - b.savedAt)) {
    if (total <= maxChars) break;
    store.removeItem(d.key);
    total -= d.size;
  }
}

/** `accept` for a draft that is one text. */
export const textDraft = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** `accept` for a draft of named texts (a form): every field must be there and be text. */
export function fieldsDraft<K extends string>(fields: readonly K[]) {
  return (v: unknown): Record<K, string> | null => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
    const r = v as Record<string, unknown>;
    return fields.every((f) => typeof r[f] === 'string') ? (r as Record<K, string>) : null;
  };
}

/** `accept` for a draft of texts by id (answers by question): any ids, every value text. */
export function textsByIdDraft(v: unknown): Record<string, string> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const entries = Object.entries(v);
  return entries.every(([, x]) => typeof x === 'string') ? Object.fromEntries(entries) : null;
}
