/** The folder inside a project where Puffin keeps everything it stores (the only place it is spelled). */
export const STORE_DIR = '.puffin';

/** A store file that could not be read: kept aside (never overwritten), and the user is told why. */
export interface StoreProblem {
  /** Path relative to the store, e.g. `stories/<id>.json`. */
  file: string;
  /** Where it was moved, relative to the store. */
  keptAs: string;
  reason: string;
}

/** What the renderer knows about the opened project. */
export interface StoreState {
  /** `<project>/.puffin` */
  dir: string;
  /** False until something is saved: opening a project never creates `.puffin/`. */
  exists: boolean;
  version: number;
  /** The version the store had before this open migrated it, when it did. */
  migratedFrom?: number;
  /** When the store was created; null while it does not exist. */
  createdAt: string | null;
  /** Files kept aside because they failed to parse (path relative to the store). */
  quarantined: string[];
  /** The same files with the reason each was kept aside (record files found when the project opened). */
  problems?: StoreProblem[];
}

export interface ProjectInfo {
  name: string;
  path: string;
  openedAt: string;
  store: StoreState;
  /** Opened with `--hermetic`: no generation reads the project. */
  hermetic?: true;
}

/** What the user is told of a file kept aside: which file, why, and where it is now (to recover it). */
export function storeProblemText(p: StoreProblem): string {
  return `${STORE_DIR}/${p.file} could not be read (${p.reason}); it was kept aside as ${STORE_DIR}/${p.keptAs}.`;
}

export function storeProblemWarnings(problems: readonly StoreProblem[]): string[] {
  return problems.map(storeProblemText);
}

/** Every file of the store kept aside, one line each (store.json's own has no reason beside its name). */
export function storeStateProblemLines(store: StoreState): string[] {
  const problems = store.problems ?? [];
  const known = new Set(problems.map((p) => p.keptAs));
  return [
    ...storeProblemWarnings(problems),
    ...store.quarantined
      .filter((q) => !known.has(q))
      .map((q) => `A store file could not be read; it was kept aside as ${STORE_DIR}/${q}.`),
  ];
}
