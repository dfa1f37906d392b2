/** `assertions/<storyId>.json`: the assertions of a story, read by the Assertions panel and `puffin assertions`. */
import { DRAFT_07, id, record, storedAssertion } from './parts';

export default {
  $schema: DRAFT_07,
  ...record('StoredAssertionSet', { storyId: id, assertions: { type: 'array', items: storedAssertion } }),
};
