/**
 * Where a record file sits in a project's store, from its path: the store folder, the path inside it, the folder
 * spec that validates it and the story or sprint it belongs to.
 */
import { sep } from 'node:path';
import { STORE_DIR } from '../../shared/project';
import { FOLDERS } from '../store/folders';
import type { RecordCheck } from '../store/recordFile';

export interface RecordPlace {
  /** The `.puffin` folder (absolute when the path was). */
  storeDir: string;
  /** The file relative to the store, `/`-separated (`stories/<id>.json`). */
  rel: string;
  /** The validation of the folder it is in, or null for a file of no known folder. */
  check: RecordCheck | null;
  storyId: string | null;
  sprintId: string | null;
}

/** The place of a file under a `.puffin/` folder, or null when the path has none. */
export function recordPlace(path: string): RecordPlace | null {
  const parts = path.split(/[\\/]/);
  const at = parts.lastIndexOf(STORE_DIR);
  if (at === -1 || at === parts.length - 1) return null;
  const rel = parts.slice(at + 1).join('/');
  const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  const name = rel.slice(rel.lastIndexOf('/') + 1).replace(/\.json$/, '');
  const folder = Object.values(FOLDERS).find(
    (f) =>
      f.path === dir ||
      (f === FOLDERS.ris && dir.startsWith(`${f.path}/`) && !dir.slice(f.path.length + 1).includes('/')),
  );
  const key = folder?.key;
  return {
    storeDir: parts.slice(0, at + 1).join(sep) || sep,
    rel,
    check: folder?.check ?? null,
    storyId: key === 'storyId' || folder === FOLDERS.stories ? name : null,
    sprintId:
      key === 'sprintId' || folder === FOLDERS.sprints
        ? name
        : folder === FOLDERS.ris
          ? dir.split('/')[1]!
          : null,
  };
}
