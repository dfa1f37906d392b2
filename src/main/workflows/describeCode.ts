/**
 * Code that already exists → stories for what it does now, each with checks that pass on today's code. Those
 * checks are kept as guards: a guard that starts failing is a regression, which is the point of writing them.
 */
import type { ProjectSettings } from '../../shared/stories';
import { toAssertions } from './assertionDrafts';
import { defineWorkflow } from './definition';
import { withContext } from './promptParts';

export interface DescribeCodeInput {
  project: ProjectSettings;
  /** A folder of the project to describe ('' or absent: the whole project). */
  path?: string;
  max: number;
}

export function describeCodePrompt({ project, path, max }: DescribeCodeInput): string {
  return withContext(project, [
    `Read the code ${path ? `under \`${path}\`` : 'of this project'} and write at most ${max} user stories for what it already does.`,
    '',
    'Rules:',
    '- Describe behaviour that exists today, never features to add.',
    '- Each story has concrete acceptance criteria, one condition each, numbered AC1, AC2, ... in order.',
    '- Give each story checks over the project files that PASS on the code as it is now; name the criterion each proves ("AC<n>").',
    '- Target real files you have read; paths are relative to the project root.',
  ]);
}

export const describeCodeWorkflow = defineWorkflow('describeCode', {
  grounded: true,
  schema: 'reverse',
  limits: { maxTurns: 12, timeoutMs: 10 * 60_000 },
  previewWatch: [['stories']],
  prompt: describeCodePrompt,
  subject: (input: DescribeCodeInput) => input.path || 'the project',
  map: (stories) => ({
    data: stories.map((s) => ({
      draft: { title: s.title, description: s.description, acceptanceCriteria: s.acceptanceCriteria },
      assertions: toAssertions(s.assertions, 'G'),
    })),
    warnings: [],
  }),
});
