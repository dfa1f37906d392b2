/** Contract channels of the user's settings (the engines part is engineChannels' `engineSettingsSchema`). */
import type { Settings } from '../settings';
import { engineSettingsSchema } from './engineChannels';
import { empty, schema } from './schemaParts';

export const settingsSchemas = {
  'settings:get': empty,
  'settings:update': schema({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      claudePath: { type: 'string', maxLength: 4096 },
      maxConcurrent: { type: 'integer', minimum: 1, maximum: 16 },
      defaultModel: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9._:\\[\\]-]*$' },
      theme: { enum: ['light', 'dark', 'system'] },
      engines: engineSettingsSchema,
      agentShell: { type: 'boolean' },
    },
  }),
} as const;

export interface SettingsResponses {
  'settings:get': Settings;
  'settings:update': Settings;
}
