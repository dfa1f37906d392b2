/**
 * The stories workflow's structured output. Its items are the one story-draft shape (src/shared/stories.ts),
 * with its limits; a generated answer must also have a description and at least one non-empty criterion.
 * Envelope {stories}: the CLI needs an object root; sendPrompt unwraps `stories` for the caller.
 */
import { STORY_DRAFT_FIELDS, storyDraftProperties } from '../../shared/stories';

const { title, description, acceptanceCriteria } = storyDraftProperties;

export default {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'StoriesOutput',
  $comment: 'Envelope {stories}: the CLI needs an object root; sendPrompt unwraps `stories` for the caller.',
  type: 'object',
  properties: {
    stories: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        title: 'UserStoryDraft',
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
            description: 'Testable conditions for completion.',
            items: { ...acceptanceCriteria.items, minLength: 1 },
            minItems: 1,
          },
        },
        required: [...STORY_DRAFT_FIELDS],
        additionalProperties: false,
      },
    },
  },
  required: ['stories'],
  additionalProperties: false,
};
