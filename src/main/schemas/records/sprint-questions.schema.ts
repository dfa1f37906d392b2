/** `questions/<sprintId>.json`: the ambiguity analysis of a sprint's stories and the user's answers. */
import ambiguities from '../ambiguities.schema.json';
import { DRAFT_07, id, record, storedAs, text, time } from './parts';

/** The model's question, with a stable id so that answers can refer to it. */
const { tsType: _, ...asked } = storedAs('SprintQuestion', ambiguities.properties.questions.items);
const question = {
  ...asked,
  title: 'SprintQuestion',
  required: [...(asked.required as string[]), 'id'],
  properties: { ...(asked.properties as object), id: { type: 'string', minLength: 1 } },
};

export default {
  $schema: DRAFT_07,
  ...record('SprintQuestions', {
    sprintId: id,
    generatedAt: time,
    summary: text,
    questions: { type: 'array', items: question },
    answers: {
      type: 'object',
      description: 'questionId → answer (a picked suggestion or free text).',
      additionalProperties: text,
    },
  }),
};
