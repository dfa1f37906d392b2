/** `project.json`: the project context (steering) that goes into every prompt. */
import { DRAFT_07, record, text, texts } from './parts';

export default {
  $schema: DRAFT_07,
  ...record(
    'ProjectSettings',
    {
      description: text,
      conventions: text,
      stack: { ...text, description: 'Languages, frameworks and tools the project is built with.' },
      neverTouch: {
        ...texts,
        description: 'Paths (or gitignore-style patterns) no planned work may create, change or delete.',
      },
      allowSensitive: {
        ...texts,
        description:
          'Secrets-looking or git-ignored paths (gitignore-style, relative) a grounded call may read anyway; by ' +
          'default `.env*`, private keys and what git ignores are refused.',
      },
    },
    ['stack', 'neverTouch', 'allowSensitive'],
  ),
};
