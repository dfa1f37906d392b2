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
} as const;

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
  }[];
  /** Changed in Puffin and in the files since: nothing overwritten, the files' version kept as that revision. */
  conflicts: { storyId: string; title: string; file: string; revision: number }[];
  planDrafts: { sprintId: string; revision: number }[];
}

export interface FormatResponses {
  'spec:export': SpecExportAnswer;
  'spec:import': SpecImportAnswer;
}
