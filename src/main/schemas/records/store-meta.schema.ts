/** `store.json`: the version of the store's layout and records, and when the store was created. */
import { DRAFT_07, record, time } from './parts';

export default {
  $schema: DRAFT_07,
  ...record('StoreMeta', { version: { type: 'integer', minimum: 1 }, createdAt: time }),
};
