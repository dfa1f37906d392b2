/** Contract channels of History: every recorded call of the opened project and its raw engine lines. */
import type { Generation } from '../stories';
import { empty, ID, schema } from './schemaParts';

export const historySchemas = {
  'history:list': empty,
  'history:rawLines': schema({
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'string', pattern: ID } },
  }),
} as const;

export interface HistoryResponses {
  /** Newest first; without raw CLI lines. */
  'history:list': Generation[];
  'history:rawLines': string[];
}
