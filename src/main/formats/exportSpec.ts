/**
 * Writes a sprint in another tool's format into a folder (the project by default), beside what is already there:
 * an earlier export of the same sprint is updated in place (same folder, same task ids), files of other work are
 * never touched, and an unchanged file is not rewritten (clean diffs).
 */
import path from 'node:path';
import type { SprintDetail } from '../../shared/plans';
import type { ExportFormat } from '../../shared/specFormats';
import { removeFile, writeFileAtomic } from '../base/atomicFile';
import { requireInsideProject } from '../base/insideProject';
import { bundleOf } from './bundle';
import { readTree } from './readTree';
import { WRITERS } from './registry';

export type FileAction = 'created' | 'updated' | 'unchanged' | 'removed';

export interface SpecExportResult {
  format: ExportFormat;
  /** The folder written into (absolute). */
  out: string;
  files: { path: string; action: FileAction }[];
}

export async function exportSpec(
  detail: SprintDetail,
  format: ExportFormat,
  out: string,
  short?: ReadonlyMap<string, string>,
): Promise<SpecExportResult> {
  const writer = WRITERS[format];
  const under = await readTree(path.join(out, writer.root));
  const previous = new Map([...under].map(([p, t]) => [`${writer.root}/${p}`, t]));
  const wanted = writer.write(bundleOf(detail, short), previous);
  const files: SpecExportResult['files'] = [];
  for (const [rel, text] of wanted) {
    // Every target is checked through symbolic links: nothing is written outside the chosen folder.
    const target = await requireInsideProject(out, rel);
    const before = previous.get(rel);
    if (text === null) {
      if (before === undefined) continue;
      await removeFile(target);
      files.push({ path: rel, action: 'removed' });
    } else if (before === text) files.push({ path: rel, action: 'unchanged' });
    else {
      await writeFileAtomic(target, text);
      files.push({ path: rel, action: before === undefined ? 'created' : 'updated' });
    }
  }
  return { format, out, files };
}
