/**
 * Describing code that already exists: stories for what it does now, each criterion with checks that pass on the
 * code as it is (they become guards). The check shapes are the assertions schema's own definitions.
 * Envelope {stories}: the CLI needs an object root; sendPrompt unwraps `stories` for the caller.
 */
import { STORY_DRAFT_FIELDS, storyDraftProperties } from '../../shared/stories';
import assertions from './assertions.schema.json';

const { title, description, acceptanceCriteria } = storyDraftProperties;

export default {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'ReverseOutput',
  $comment: 'Envelope {stories}: the CLI needs an object root; sendPrompt unwraps `stories` for the caller.',
  type: 'object',
  properties: {
    stories: {
      type: 'array',
      minItems: 1,
      maxItems: 30,
      items: {
        title: 'ExistingStory',
        type: 'object',
        properties: {
          title: { ...title, description: 'Brief descriptive title.' },
          description: {
            ...description,
            description: 'User story: "As a <role>, I want <feature> so that <benefit>".',
            minLength: 1,
          },
          acceptanceCriteria: {
            ...acceptanceCriteria,
            description: 'What the code already does, one testable condition each.',
            items: { ...acceptanceCriteria.items, minLength: 1 },
            minItems: 1,
          },
          assertions: {
            type: 'array',
            description: 'Checks that pass on the code as it is now; each names its criterion as "AC<n>".',
            minItems: 1,
            maxItems: 8,
            items: { $ref: '#/definitions/assertionDraft' },
          },
        },
        required: [...STORY_DRAFT_FIELDS, 'assertions'],
        additionalProperties: false,
      },
    },
  },
  required: ['stories'],
  additionalProperties: false,
  definitions: assertions.definitions,
};
