/**
 * Contract channels of other tools' spec formats: a sprint written as OpenSpec, Spec Kit, Kiro or Backlog.md
 * files, and those formats (and agents' plan files) read back into the project. Both work on the opened project;
 * only the command line may name a folder outside it.
 */
import { EXPORT_FORMATS, SPEC_FORMATS, type ExportFormat, type SpecFormat } from '../specFormats';
import { ID, schema } from './schemaParts';

const PATH = { type: 'string', minLength: 1, maxLength: 4096 } as const;

export const formatSchemas = {
  /** Writes the sprint's files into `out` (default: the project), updating an earlier export of it in place. */
  'spec:export': schema({
    type: 'object',
    additionalProperties: false,
    required: ['sprintId', 'format'],
    properties: { sprintId: { type: 'string', pattern: ID }, format: { enum: EXPORT_FORMATS }, out: PATH },
  }),
  /** Reads `path` (an export's folder, the format's own folder, or a plan file) into stories and a sprint. */
  'spec:import': schema({
    type: 'object',
    additionalProperties: false,
    required: ['format', 'path'],
    properties: { format: { enum: SPEC_FORMATS }, path: PATH },
  }),
  /**
   * Stories for code that already exists (a folder of the project, or all of it), each kept with the checks that
   * pass on it now as guards; a guard that fails later is a regression.
   */
  'stories:reverse': schema({
    type: 'object',
    additionalProperties: false,
    properties: { path: PATH, max: { type: 'integer', minimum: 1, maximum: 30 } },
  }),
} as const;

export interface ReverseAnswer {
  commit: string | null;
  stories: { id: string; title: string; guards: string[] }[];
  /** Stories whose checks all failed on the code now: not kept. */
  dropped: { title: string; reason: string }[];
  /** Checks that failed now, left out of the stories that were kept. */
  discarded: { story: string; assertion: string; reason: string }[];
}

export interface SpecExportAnswer {
  format: ExportFormat;
  /** The folder written into: relative to the project when inside it. */
  out: string;
  files: { path: string; action: 'created' | 'updated' | 'unchanged' | 'removed' }[];
}

export interface SpecImportAnswer {
  format: SpecFormat;
  sprints: { id: string; title: string; action: 'created' | 'updated' | 'unchanged' }[];
  stories: {
    id: string;
    title: string;
    file: string;
    action: 'created' | 'updated' | 'unchanged' | 'conflict';
    /** Updated: the story's text before, kept as this version of it (`puffin stories versions`). */
    previous?: { version: number; title: string };
  }[];
  /** Changed in Puffin and in the files since: nothing overwritten, the files' version kept as that revision. */
  conflicts: { storyId: string; title: string; file: string; revision: number }[];
  planDrafts: { sprintId: string; revision: number }[];
}

export interface FormatResponses {
  'spec:export': SpecExportAnswer;
  'spec:import': SpecImportAnswer;
  'stories:reverse': ReverseAnswer;
}
