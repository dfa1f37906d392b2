import { describe, expect, it } from 'vitest';
import { requestSchemas } from '../shared/ipc/contract';
import { definitionTokens } from '../../test/support/toolTokens';
import { toolDefinitions, toolsOf } from './server';

const CORE_BUDGET_TOKENS = 2_000;

describe('the tool definitions an agent pays for', () => {
  it('keeps the core set under 2,000 tokens, counted with a tokenizer', () => {
    const core = definitionTokens(toolDefinitions(toolsOf('core')));
    expect(core).toBeLessThan(CORE_BUDGET_TOKENS);
    // The count is real: the full set costs more than the core one.
    expect(definitionTokens(toolDefinitions(toolsOf('all')))).toBeGreaterThan(core);
  });

  it('gives every tool a distinct snake_case name, its channel schema as input and an object output schema', () => {
    const all = toolDefinitions(toolsOf('all'));
    expect(new Set(all.map((t) => t.name)).size).toBe(all.length);
    for (const [i, t] of all.entries()) {
      expect(t.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(t.inputSchema).toBe(requestSchemas[toolsOf('all')[i]!.channel]);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema.type).toBe('object');
    }
  });

  it('offers the core set by default and adds the workflows with all', () => {
    expect(toolsOf('core').map((t) => t.name)).toEqual([
      'list_stories',
      'get_story',
      'next_story',
      'verify_story',
      'set_story_status',
      'derive_stories',
      'get_plan',
    ]);
    expect(toolsOf('all').length).toBeGreaterThan(toolsOf('core').length);
  });
});
