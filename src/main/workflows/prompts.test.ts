import { describe, expect, it } from 'vitest';
import type { SprintQuestions } from '../../shared/plans';
import type { Story } from '../../shared/stories';
import type { WorkflowName } from '../../shared/workflows';
import { planItem, planOf, testStory } from '../../../test/support/planFixtures';
import type { InputOf } from './definition';
import { WORKFLOWS, type Workflows } from './registry';

const project = { description: 'A recipe manager for home cooks.', conventions: 'TypeScript, React.' };
const bare = { description: '', conventions: ' ' };
/** What a prompt must not say: the schema carries the format (see promptParts.ts). */
const FORMAT_INSTRUCTIONS = /json|```|\barray\b|\bschema\b|\bformat\b|curly|bracket|\{|\}/i;

const share = testStory('s1', 'Share link', ['A link is shown', 'The link opens the recipe']);
const revoke = testStory('s2', 'Revoke link', ['The link stops working']);
const item = (s: Story, order: number, approach: string) =>
  planItem(s.id, order, {
    title: `Build ${s.title}`,
    approach,
    filesCreated: [`src/${s.id}.ts`],
    filesModified: ['src/app.ts'],
    dependencies: order > 1 ? ['s1'] : [],
    complexity: 'medium',
  });
const plan = planOf([item(share, 1, 'Add a share route.'), item(revoke, 2, 'Store revoked tokens.')], {
  sharedComponents: [{ path: 'src/links.ts', purpose: 'Link tokens', usedBy: ['s1', 's2'] }],
  risks: [{ description: 'Guessable links', impact: 'high', mitigation: 'Random tokens' }],
});
const questions: SprintQuestions = {
  sprintId: 'sp',
  generatedAt: 'x',
  summary: '',
  questions: [
    { id: 'q1', storyId: 's1', question: 'Public links?', reason: 'r', suggestions: [], priority: 'high' },
    { id: 'q2', storyId: 's2', question: 'Unanswered?', reason: 'r', suggestions: [], priority: 'low' },
  ],
  answers: { q1: 'Only for signed-in users', q2: '  ' },
};

/** One input per workflow: a workflow added without a sample here does not compile. */
const SAMPLES: { [N in WorkflowName]: InputOf<Workflows[N]> } = {
  deriveStories: { request: 'Let users share recipes by link.', project },
  describeCode: { project, path: 'src/share', max: 5 },
  modifyStories: {
    stories: [
      { ...share, locked: true },
      { ...revoke, locked: false },
    ],
    feedback: 'Split sharing by email out.',
    project,
  },
  regenerateStory: {
    stories: [
      { ...share, locked: true },
      { ...revoke, locked: false },
    ],
    index: 1,
    feedback: 'Revoke all links at once.',
    project,
  },
  plainPrompt: { request: 'How do I test hooks?', project },
  generateTitle: { text: 'Export recipes to PDF' },
  analyzeAmbiguities: { stories: [share, revoke], project },
  generatePlan: { stories: [share, revoke], project, questions },
  refinePlan: { stories: [share, revoke], project, plan, feedback: 'Merge the two routes.', questions },
  regeneratePlanItem: { stories: [share, revoke], project, plan, storyId: 's2', feedback: 'Use a TTL.' },
  generateRis: { story: revoke, item: plan.planItems[1]!, plan, project },
  generateStoryAssertions: { story: share, item: plan.planItems[0], project },
  generateSprintAssertions: { stories: [share, revoke], project, plan },
  'cli-prompt': { prompt: 'Name one colour.', schema: { type: 'object' } },
};

function promptOf<N extends WorkflowName>(name: N, input: InputOf<Workflows[N]> = SAMPLES[name]): string {
  return (WORKFLOWS[name].prompt as (i: InputOf<Workflows[N]>) => string)(input);
}

const WITHOUT_PROJECT = new Set<WorkflowName>(['generateTitle', 'cli-prompt']);
const names = Object.keys(SAMPLES) as WorkflowName[];

describe('every prompt', () => {
  it.each(names.filter((n) => n !== 'cli-prompt'))(
    '%s: says what to produce, never how to format it',
    (n) => {
      expect(promptOf(n)).not.toMatch(FORMAT_INSTRUCTIONS);
    },
  );

  it.each(names.filter((n) => !WITHOUT_PROJECT.has(n)))('%s: leads with the project settings', (n) => {
    const p = promptOf(n);
    expect(p.startsWith('## About the project\nA recipe manager for home cooks.')).toBe(true);
    expect(p).toContain('## Project conventions\nTypeScript, React.');
    // Without settings there is no empty context heading.
    const without = promptOf(n, { ...SAMPLES[n], project: bare } as never);
    expect(without).not.toContain('About the project');
    expect(without).not.toContain('## Project conventions');
  });

  it.each(names.filter((n) => !WITHOUT_PROJECT.has(n)))(
    '%s: carries the stack and the paths never to touch',
    (n) => {
      const rich = { ...project, stack: 'Node.js, Electron', neverTouch: ['migrations/', ' '] };
      const p = promptOf(n, { ...SAMPLES[n], project: rich } as never);
      expect(p).toContain('## Stack\nNode.js, Electron\n\n## Project conventions');
      expect(p).toContain(
        '## Never touch\nNo work may create, change or delete these paths:\n- migrations/\n',
      );
    },
  );
});

/**
 * What each template must carry, in this order: the request, the stories (locked flags, ids, numbered criteria),
 * the answers, the plan, the feedback. A workflow without pins here does not compile.
 */
const PINS: { [N in WorkflowName]: (string | RegExp)[] } = {
  describeCode: [
    'Read the code under `src/share` and write at most 5 user stories for what it already does.',
    'never features to add',
    'PASS on the code as it is now',
  ],
  deriveStories: [
    'Turn the feature request below into user stories',
    /## Feature request\nLet users share recipes by link\.$/,
  ],
  modifyStories: [
    'LOCKED stories were accepted: return each of them unchanged',
    /### Story 1 \(LOCKED[^\n]*\)\nTitle: Share link\n/,
    '- The link opens the recipe',
    /### Story 2\nTitle: Revoke link\n/,
    /## Feedback\nSplit sharing by email out\.$/,
  ],
  regenerateStory: [
    'Rewrite story 2 only.',
    /### Story 1 \(settled\)\nTitle: Share link\n/,
    /### Story 2 \(REWRITE THIS ONE\)\nTitle: Revoke link\n/,
    /## What to change\nRevoke all links at once\.$/,
  ],
  plainPrompt: [/TypeScript, React\.\n\n## Request\nHow do I test hooks\?$/],
  generateTitle: ['2 to 5 words', /## Request\nExport recipes to PDF$/],
  analyzeAmbiguities: [
    'Refer to stories only by the ids given after "Story" below.',
    '### Story s1\nTitle: Share link\n',
    '- AC2: The link opens the recipe',
    '### Story s2\nTitle: Revoke link',
  ],
  generatePlan: [
    '- AC1: The link stops working',
    '## Clarifications from the user\n- (story s1) Public links?\n  Answer: Only for signed-in users',
  ],
  refinePlan: [
    '### Story s2',
    'Answer: Only for signed-in users',
    '### Plan item 2 for story s2: Build Revoke link\nApproach: Store revoked tokens.',
    'Files created: src/s2.ts',
    'Depends on stories: s1',
    '- src/links.ts: Link tokens (used by s1, s2)',
    '- [high] Guessable links: Random tokens',
    'Implementation order: s1, s2',
    /## Feedback\nMerge the two routes\.$/,
  ],
  regeneratePlanItem: [
    'Rewrite the plan item of story s2 only.',
    'holds exactly one item, for story s2',
    'Approach: Add a share route.',
    /## What to change\nUse a TTL\.$/,
  ],
  generateRis: [
    '## The story\n### Story s2\nTitle: Revoke link',
    '## Its plan item\n### Plan item 2 for story s2',
    '## The rest of the plan\n### Plan item 1 for story s1',
  ],
  generateStoryAssertions: [
    'Write between 3 and 8 checks',
    'name it by "AC<n>"',
    '- AC2: The link opens the recipe',
    '## Its plan item\n### Plan item 1 for story s1',
  ],
  generateSprintAssertions: [
    'keyed by story id',
    '### Story s1',
    '### Story s2',
    '## Approved plan\n### Plan item 1',
  ],
  'cli-prompt': [/^Name one colour\.$/],
};

describe('each template', () => {
  it.each(names)('%s: carries what it is built from, in order', (n) => {
    const p = promptOf(n);
    let from = 0;
    for (const pin of PINS[n]) {
      const at = typeof pin === 'string' ? p.indexOf(pin, from) : p.slice(from).search(pin) + from;
      expect(at, `${String(pin)} after offset ${from}`).toBeGreaterThanOrEqual(from);
      from = at;
    }
  });
});

describe('what a template leaves out', () => {
  it('plainPrompt: without project settings, the request alone and untouched', () => {
    expect(promptOf('plainPrompt', { request: ' How? ', project: bare })).toBe(' How? ');
  });

  it('generateTitle: the text is cut at 4000 characters', () => {
    const long = promptOf('generateTitle', { text: 'a'.repeat(5000) });
    expect(long).toContain(`${'a'.repeat(4000)}…`);
    expect(long).not.toContain('a'.repeat(4001));
  });

  it('plans: unanswered questions, a missing feedback or plan item, the story\'s own item in "the rest"', () => {
    expect(promptOf('generatePlan')).not.toContain('Unanswered?');
    expect(promptOf('generatePlan', { ...SAMPLES.generatePlan, questions: null })).not.toContain(
      'Clarifications',
    );
    expect(promptOf('regeneratePlanItem', { ...SAMPLES.regeneratePlanItem, feedback: ' ' })).not.toContain(
      'What to change',
    );
    const noItem = { ...SAMPLES.generateStoryAssertions, item: undefined };
    expect(promptOf('generateStoryAssertions', noItem)).not.toContain('Its plan item');
    const ris = promptOf('generateRis');
    expect(ris.slice(ris.indexOf('## The rest of the plan'))).not.toContain('Plan item 2');
  });
});
