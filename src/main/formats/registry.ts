/** Every format: the folder it lives in, how it is written (export formats) and how it is read. */
import type { ExportFormat, SpecFormat } from '../../shared/specFormats';
import type { SpecBundle } from './bundle';
import type { ImportedSpec, SpecFiles } from './imported';
import { readBacklogMd } from './backlogMd/read';
import { writeBacklogMd } from './backlogMd/write';
import { readKiro } from './kiro/read';
import { writeKiro } from './kiro/write';
import { readOpenSpec } from './openspec/read';
import { writeOpenSpec } from './openspec/write';
import { readClaudePlan, readCursorPlan } from './planFiles/read';
import { readSpecKit } from './speckit/read';
import { writeSpecKit } from './speckit/write';

export interface FormatReader {
  /** The folder the format keeps its files in, relative to a project (`null`: a single plan file). */
  root: string | null;
  read(files: SpecFiles): ImportedSpec[];
}

export interface FormatWriter extends FormatReader {
  root: string;
  /** Files to write (null: an earlier export's file to remove), given the files already under `root`. */
  write(bundle: SpecBundle, previous: SpecFiles): Map<string, string | null>;
}

export const WRITERS: Record<ExportFormat, FormatWriter> = {
  openspec: { root: 'openspec', write: writeOpenSpec, read: readOpenSpec },
  speckit: { root: 'specs', write: writeSpecKit, read: readSpecKit },
  kiro: { root: '.kiro/specs', write: writeKiro, read: readKiro },
  'backlog-md': { root: 'backlog', write: writeBacklogMd, read: readBacklogMd },
};

export const READERS: Record<SpecFormat, FormatReader> = {
  ...WRITERS,
  'claude-plan': { root: null, read: readClaudePlan },
  'cursor-plan': { root: null, read: readCursorPlan },
};
