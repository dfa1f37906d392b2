import { useMemo, useState } from 'react';
import { useApp } from '../store/StoreContext';
import { clearDraft, draftKey, readDraft, writeDraft } from './drafts';

export interface Draft<T> {
  /** The draft kept for the open project, or null (none, or not one `accept` recognises). */
  restore(): T | null;
  save(value: T): void;
  /** After the text was submitted or saved successfully. */
  clear(): void;
}

/**
 * The open project's draft for `purpose` (see drafts.ts). `accept` must be stable (defined at module level): it
 * checks what is read back, so corrupt or foreign content is ignored. Without an open project nothing is kept.
 */
export function useDraft<T>(purpose: string, accept: (v: unknown) => T | null): Draft<T> {
  const project = useApp((s) => s.project?.path ?? null);
  return useMemo(
    () => ({
      restore: () => (project === null ? null : readDraft(project, purpose, accept)),
      save: (value: T) => {
        if (project !== null) writeDraft(project, purpose, value);
      },
      clear: () => {
        if (project !== null) clearDraft(project, purpose);
      },
    }),
    [project, purpose, accept],
  );
}

/**
 * State that is also a draft: starts from the project's draft for `purpose` (else `initial()`), keeps every change
 * as the draft, and starts again when the project or the purpose changes (a draft never shows in another project).
 * Returns the value, its setter, and `clear` for when it was submitted or saved successfully.
 */
export function useDraftState<T>(
  purpose: string,
  accept: (v: unknown) => T | null,
  initial: () => T,
): [T, (value: T) => void, () => void] {
  const project = useApp((s) => s.project?.path ?? null);
  const draft = useDraft(purpose, accept);
  const owner = project === null ? null : draftKey(project, purpose);
  const [state, setState] = useState(() => ({ owner, value: draft.restore() ?? initial() }));
  let current = state;
  if (state.owner !== owner) {
    // Another project or purpose: its own draft, set during render as React advises for state derived from props.
    current = { owner, value: draft.restore() ?? initial() };
    setState(current);
  }
  const set = (value: T) => {
    setState({ owner, value });
    draft.save(value);
  };
  return [current.value, set, draft.clear];
}
