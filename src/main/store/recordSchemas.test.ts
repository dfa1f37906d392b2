import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { requestSchemas } from '../../shared/ipc/contract';
import type { RecordTypes } from '../../shared/schema-types';
import { STORY_DRAFT_LIMITS } from '../../shared/stories';
import { getSchema, type JsonSchema } from '../llm/schemas';
import { validate } from '../llm/validate';
import { FOLDERS } from './folders';
import { draftProblem, recordCheck, recordSchema, type RecordName } from './recordSchemas';

const NAMES: RecordName[] = [
  'assertion-history',
  'assertion-set',
  'generation',
  'github-links',
  'open-review',
  'project-settings',
  'sprint',
  'sprint-plan',
  'sprint-questions',
  'sprint-specs',
  'store-meta',
  'story',
  'story-imports',
  'story-revisions',
  'story-ris',
  'story-versions',
  'tracker-links',
];

describe('record schemas', () => {
  it.each(NAMES)('%s compiles under a strict draft-07 Ajv and has a titled object root', (name) => {
    const schema = recordSchema(name);
    expect(() => new Ajv({ strict: true }).compile(schema)).not.toThrow();
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(typeof schema.title).toBe('string');
  });

  it('every folder of the store names a record schema, and every record schema has a folder or file', () => {
    const used = new Set<string>([
      ...Object.values(FOLDERS).map((f) => f.schema),
      'project-settings',
      'store-meta',
    ]);
    expect([...used].sort()).toEqual([...NAMES].sort());
    // Compile-time: the generated map lists exactly these names.
    const names: Record<keyof RecordTypes, true> = Object.fromEntries(NAMES.map((n) => [n, true])) as Record<
      keyof RecordTypes,
      true
    >;
    expect(Object.keys(names)).toHaveLength(NAMES.length);
  });

  it('says why a record is invalid, with at most three errors', () => {
    const story = recordCheck('story');
    const ok = {
      id: 's-1',
      title: 'T',
      description: '',
      acceptanceCriteria: [],
      status: 'pending',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(story(ok)).toBeNull();
    expect(story({ ...ok, status: 'lost' })).toMatch(/^\/status: must be one of "pending"/);
    expect(story({ ...ok, id: '../x' })).toMatch(/^\/id: /);
    expect(story({ ...ok, extra: 1 })).toBe('(root): unexpected property "extra"');
    expect(story({})).toMatch(/; .* \(and \d+ more\)$/);
  });

  it('stored plan parts keep the workflow shape but not its size limits (a prompt may tighten them)', () => {
    const plan = getSchema('plan').schema;
    const items = (plan.properties as Record<string, JsonSchema>).planItems!;
    expect(items.minItems).toBe(1);
    const check = recordCheck('sprint-plan');
    const revision = {
      number: 1,
      kind: 'generated',
      createdAt: 't',
      plan: { planItems: [], sharedComponents: [], risks: [], implementationOrder: [] },
      changelog: [],
      followUpQuestions: [],
    };
    expect(check({ sprintId: 's', revisions: [revision], current: 1 })).toBeNull();
    expect(check({ sprintId: 's', revisions: [{ ...revision, plan: {} }], current: 1 })).toMatch(
      /missing required property "planItems"/,
    );
  });
});

describe('the one story draft', () => {
  const draft = (title: string, criteria = ['works']) => ({
    title,
    description: 'As a cook, I want x so that y',
    acceptanceCriteria: criteria,
  });
  const stored = (d: ReturnType<typeof draft>) => ({
    ...d,
    id: 's-1',
    status: 'pending',
    createdAt: 't',
    updatedAt: 't',
  });
  const modelAccepts = (d: ReturnType<typeof draft>) =>
    validate(getSchema('stories').schema, { stories: [d] }).ok;
  const contractAccepts = (d: ReturnType<typeof draft>) =>
    validate(requestSchemas['stories:accept'] as JsonSchema, { drafts: [d] }).ok;
  const storeAccepts = (d: ReturnType<typeof draft>) => recordCheck('story')(stored(d)) === null;
  const all = (d: ReturnType<typeof draft>) => [
    modelAccepts(d),
    contractAccepts(d),
    storeAccepts(d),
    draftProblem(d) === null,
  ];

  it('has the same title limit from the model, through the UI and on disk', () => {
    expect(all(draft('t'.repeat(STORY_DRAFT_LIMITS.title)))).toEqual([true, true, true, true]);
    expect(all(draft('t'.repeat(STORY_DRAFT_LIMITS.title + 1)))).toEqual([false, false, false, false]);
    expect(all(draft(''))).toEqual([false, false, false, false]);
  });

  it('has the same criteria limits everywhere', () => {
    const many = Array.from({ length: STORY_DRAFT_LIMITS.criteria }, (_, i) => `c${i}`);
    expect(all(draft('T', many))).toEqual([true, true, true, true]);
    expect(all(draft('T', [...many, 'one more']))).toEqual([false, false, false, false]);
    expect(all(draft('T', ['x'.repeat(STORY_DRAFT_LIMITS.criterion + 1)]))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('only the model must also give a description and at least one criterion', () => {
    expect(all(draft('T', []))).toEqual([false, true, true, true]);
  });
});
