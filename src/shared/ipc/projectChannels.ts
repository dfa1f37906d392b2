/** Contract channels of the opened project: opening it, the recent list, and its project context (settings). */
import type { ProjectInfo } from '../project';
import type { Settings } from '../settings';
import type { ProjectContextDraft, ProjectSettings } from '../stories';
import { empty, projectPathList, schema } from './schemaParts';

export const projectSchemas = {
  'project:open': schema({
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: {
      path: { type: 'string', minLength: 1, maxLength: 4096 },
      /** Generations may not read the project (`--hermetic`); by default they are grounded in it. */
      hermetic: { type: 'boolean' },
    },
  }),
  'project:current': empty,
  'project:pickFolder': empty,
  'project:forgetRecent': schema({
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: { path: { type: 'string', minLength: 1, maxLength: 4096 } },
  }),
  'projectSettings:get': empty,
  /** A draft project context from the project's README, CLAUDE.md, AGENTS.md and package.json (nothing saved). */
  'projectSettings:import': empty,
  'projectSettings:update': schema({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      description: { type: 'string', maxLength: 20_000 },
      conventions: { type: 'string', maxLength: 20_000 },
      stack: { type: 'string', maxLength: 2_000 },
      neverTouch: projectPathList,
      allowSensitive: projectPathList,
    },
  }),
} as const;

export interface ProjectResponses {
  'project:open': ProjectInfo;
  'project:current': ProjectInfo | null;
  /** null when the user cancelled the dialog. */
  'project:pickFolder': ProjectInfo | null;
  'project:forgetRecent': Settings;
  'projectSettings:get': ProjectSettings;
  'projectSettings:update': ProjectSettings;
  'projectSettings:import': ProjectContextDraft;
}
