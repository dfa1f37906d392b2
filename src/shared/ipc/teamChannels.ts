/**
 * Contract channels of a team on one repository: the merge driver git runs on store records, the conflicts merges
 * recorded, each story's verdict on each branch, and work in flight on several branches that overlaps.
 */
import type { ConflictList, MergeRecordResult, OverlapReport, TeamStatus } from '../team';
import { empty, schema } from './schemaParts';

const file = { type: 'string', minLength: 1, maxLength: 4096 } as const;
/** Local branch names (git's own rules are checked by git; these only bound the request). */
const branches = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\s~^:?*\\[\\\\]+$' },
} as const;

export const teamSchemas = {
  /**
   * Git's merge driver for `.puffin/**\/*.json` (`%O %A %B %P`): the three versions' files and the record's path in
   * the repository. Writes the merge into `current`; a field both sides changed keeps the current value and the other
   * is recorded in `.puffin/conflicts/`. Only the command line (git) may call it: it writes the files it is given.
   */
  'team:merge': schema({
    type: 'object',
    additionalProperties: false,
    required: ['ancestor', 'current', 'other', 'path'],
    properties: { ancestor: file, current: file, other: file, path: file },
  }),
  /** The field conflicts merges recorded in the opened project's store. */
  'conflicts:list': empty,
  /** Each story's verdict on each branch (default: every local branch), read from git's objects. */
  'team:status': schema({
    type: 'object',
    additionalProperties: false,
    properties: { branches },
  }),
  /** Sprints in flight on different branches whose planned or changed files overlap. */
  'team:overlap': schema({
    type: 'object',
    additionalProperties: false,
    properties: { branches, junit: file, strict: { type: 'boolean' } },
  }),
} as const;

export interface TeamResponses {
  'team:merge': MergeRecordResult;
  'conflicts:list': ConflictList;
  'team:status': TeamStatus;
  'team:overlap': OverlapReport;
}
