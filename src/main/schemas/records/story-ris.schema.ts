/** `ris/<sprintId>/<storyId>.json`: the ready-to-implement spec of one story of a sprint. */
import ris from '../ris.schema.json';
import { DRAFT_07, generationMeta, id, record, storedAs, text, time } from './parts';

export default {
  $schema: DRAFT_07,
  ...record(
    'StoryRis',
    {
      sprintId: id,
      storyId: id,
      markdown: text,
      sections: storedAs('RisSections', ris.properties.sections),
      createdAt: time,
      meta: generationMeta,
    },
    ['meta'],
  ),
};
