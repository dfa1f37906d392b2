// A mock Messages API responder for the plans journey: answers each CRE step by the StructuredOutput schema
// the CLI offers. Shared by the service-level suite (test/plans) and the browser e2e (e2e/plans.spec.ts).
import type { Plan, PlanItem } from '../../src/shared/plans';
import { structured, text } from './mockTurns';
import type { MessagesRequestBody, MockTurn } from './mockTypes';
import { lastToolResults, structuredOutputSchema, userText } from './requestInspection';

/** What the mock answers per step; queues are consumed in call order. */
export interface PlanReplies {
  ambiguities: unknown[];
  plans: unknown[];
  refinements: unknown[];
  ris: (storyId: string) => MockTurn;
  assertions: (storyId: string) => MockTurn;
  sprintAssertions: () => MockTurn;
}

/** The story a RIS or assertions prompt is about (the prompt names it under "## The story"). */
export function promptStoryId(body: MessagesRequestBody): string {
  return /## The story\n### Story (\S+)/.exec(userText(body))?.[1] ?? '';
}

/** Reads `replies` at each request (not a copy), so a test can swap a step's answer midway. */
export function planResponder(replies: PlanReplies, sprintTitle: string) {
  return (body: MessagesRequestBody): MockTurn | undefined => {
    const schema = structuredOutputSchema(body);
    const props = (schema?.properties ?? {}) as Record<string, unknown>;
    if (lastToolResults(body).length > 0) return text('Done.');
    if ('title' in props && !('stories' in props)) return structured({ title: sprintTitle });
    if ('questions' in props) return structured(replies.ambiguities.shift());
    if ('planItems' in props) return structured(replies.plans.shift());
    if ('changelog' in props) return structured(replies.refinements.shift());
    if ('sections' in props) return replies.ris(promptStoryId(body));
    if ('assertions' in props) return replies.assertions(promptStoryId(body));
    if (schema && 'patternProperties' in schema) return replies.sprintAssertions();
    return undefined;
  };
}

export function planItem(storyId: string, order: number, extra: Partial<PlanItem> = {}): PlanItem {
  return {
    order,
    storyId,
    title: `Implement ${storyId}`,
    approach: `Build story ${storyId} in small steps.`,
    filesCreated: [`src/feature${order}.ts`],
    filesModified: ['src/index.ts'],
    dependencies: [],
    complexity: 'medium',
    notes: '',
    ...extra,
  };
}

export function plan(items: PlanItem[]): Plan {
  return {
    planItems: items,
    sharedComponents: [
      { path: 'src/share.ts', purpose: 'Link helpers', usedBy: items.map((i) => i.storyId) },
    ],
    risks: [{ description: 'Links leak', impact: 'medium', mitigation: 'Expire them' }],
    implementationOrder: items.map((i) => i.storyId),
  };
}

export function risFor(storyId: string): MockTurn {
  return structured({
    markdown: `# RIS for ${storyId}\n\nImplement it in src/feature.ts.`,
    sections: {
      context: 'Where it sits',
      objective: 'What done looks like',
      navigation: 'src/index.ts',
      instructions: '1. Write the code',
      conventions: 'Strict TypeScript',
    },
  });
}

export function assertionsFor(storyId: string): MockTurn {
  return structured({
    assertions: [
      {
        id: `${storyId}-a1`,
        type: 'FILE_EXISTS',
        target: 'src/feature1.ts',
        message: 'the feature module exists',
        criterion: 'AC1',
        assertion: { type: 'file' },
      },
      {
        id: `${storyId}-a2`,
        type: 'FILE_EXISTS',
        target: 'src/index.ts',
        message: 'the entry point exists',
        criterion: 'AC1',
        assertion: { type: 'file' },
      },
      {
        id: `${storyId}-a3`,
        type: 'PATTERN_MATCH',
        target: 'src/index.ts',
        message: 'the feature is wired in',
        criterion: 'AC1',
        assertion: { pattern: 'feature', operator: 'present' },
      },
    ],
  });
}

/** A valid sprint-assertions reply: one cross-story check per story, named after it. */
export function sprintAssertionsFor(storyIds: string[]): MockTurn {
  return structured(
    Object.fromEntries(
      storyIds.map((id) => [
        id,
        [
          {
            type: 'FILE_CONTAINS',
            target: 'src/index.ts',
            message: `the app entry still exports the app (sprint check for ${id})`,
            criterion: 'AC1',
            assertion: { match: 'literal', content: 'export const app' },
          },
        ],
      ]),
    ),
  );
}
