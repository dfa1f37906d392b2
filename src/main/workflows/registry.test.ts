import { describe, expect, it } from 'vitest';
import { GENERATION_KINDS } from '../../shared/stories';
import * as shared from '../../shared/workflows';
import { WORKFLOWS } from './registry';

describe('WORKFLOWS', () => {
  it('holds one definition per workflow name, filed under its own name, with its shared label and kind', () => {
    expect(Object.keys(WORKFLOWS).sort()).toEqual([...shared.WORKFLOW_NAMES].sort());
    for (const name of shared.WORKFLOW_NAMES) {
      const def = WORKFLOWS[name];
      expect(def.name).toBe(name);
      expect(def.label).toBe(shared.WORKFLOW_INFO[name].label);
      expect(def.historyKind).toBe(shared.historyKindOf(name));
    }
  });

  it('gives every recorded workflow its own history kind and label; history kinds are exactly those', () => {
    expect(new Set(shared.HISTORY_KINDS).size).toBe(shared.HISTORY_KINDS.length);
    expect(GENERATION_KINDS).toEqual(shared.HISTORY_KINDS);
    expect(shared.HISTORY_KIND_LABELS['plan-analyze']).toBe('Plan: ambiguity questions');
    expect(shared.HISTORY_KIND_LABELS.prompt).toBe('Plain prompt');
    expect(shared.HISTORY_KINDS.at(-1)).toBe('implement');
    expect(Object.keys(shared.HISTORY_KIND_LABELS)).toHaveLength(shared.HISTORY_KINDS.length);
    // Titles name another record and `puffin prompt` stores nothing.
    expect(shared.historyKindOf('generateTitle')).toBeNull();
    expect(shared.historyKindOf('cli-prompt')).toBeNull();
  });

  it('keeps the limits each workflow had: turns, timeout and model tier', () => {
    const limits = Object.fromEntries(
      shared.WORKFLOW_NAMES.map((n) => {
        const def = WORKFLOWS[n];
        return [n, [def.limits.maxTurns, def.limits.timeoutMs / 1000, def.tier ?? 'default']];
      }),
    );
    expect(limits).toEqual({
      deriveStories: [3, 300, 'default'],
      modifyStories: [3, 300, 'default'],
      regenerateStory: [3, 300, 'default'],
      plainPrompt: [3, 600, 'default'],
      generateTitle: [2, 45, 'fast'],
      analyzeAmbiguities: [3, 180, 'default'],
      generatePlan: [3, 600, 'default'],
      refinePlan: [3, 600, 'default'],
      regeneratePlanItem: [3, 600, 'default'],
      generateRis: [3, 300, 'default'],
      generateStoryAssertions: [3, 300, 'default'],
      generateSprintAssertions: [3, 600, 'default'],
      describeCode: [12, 600, 'default'],
      'cli-prompt': [4, 600, 'default'],
    });
  });

  it('grounds the workflows about code in the project, and keeps titles and plain prompts hermetic', () => {
    const grounded = shared.WORKFLOW_NAMES.filter((n) => WORKFLOWS[n].grounded);
    expect(grounded.sort()).toEqual(
      [
        'analyzeAmbiguities',
        'cli-prompt',
        'deriveStories',
        'describeCode',
        'generatePlan',
        'generateRis',
        'generateSprintAssertions',
        'generateStoryAssertions',
        'modifyStories',
        'refinePlan',
        'regeneratePlanItem',
        'regenerateStory',
      ].sort(),
    );
  });
});
