import { describe, expect, it } from 'vitest';
import { MIGRATIONS, v1ToV2, v2ToV3 } from './migrations';

describe('v1ToV2', () => {
  it('gives an assertion set without storyId its key, and leaves every other file alone', () => {
    const files = {
      'assertions/S1.json': { assertions: [{ id: 'A1', type: 'FILE_EXISTS', target: 'a' }] },
      'assertions/S2.json': { storyId: 'S2', assertions: [] },
      'assertions/results/S1.json': { storyId: 'S1', runs: [] },
      'stories/x.json': { id: 'x', title: 'T' },
      'ris/sp/S1.json': { storyId: 'S1' },
    };
    expect(v1ToV2(files)).toEqual({
      write: { 'assertions/S1.json': { storyId: 'S1', assertions: files['assertions/S1.json'].assertions } },
      remove: [],
    });
    // The key comes first, as the app writes sets.
    expect(Object.keys(v1ToV2(files).write['assertions/S1.json'] as object)).toEqual([
      'storyId',
      'assertions',
    ]);
  });

  it.each([
    [{}, { description: '', conventions: '' }],
    [{ description: 'A recipe app.' }, { description: 'A recipe app.', conventions: '' }],
    [{ conventions: 'Small PRs.' }, { description: '', conventions: 'Small PRs.' }],
    [
      { description: 'd', conventions: 'c', stack: 'TS', neverTouch: ['a/'], theme: 'dark' },
      { description: 'd', conventions: 'c', stack: 'TS', neverTouch: ['a/'] },
    ],
  ])(
    'writes out the project.json fields %j left to their defaults, without keys it never knew',
    (before, after) => {
      expect(v1ToV2({ 'project.json': before })).toEqual({ write: { 'project.json': after }, remove: [] });
    },
  );

  it('changes nothing in a store written by version 1 of the app, and is idempotent', () => {
    const files = {
      'project.json': { description: 'd', conventions: 'c' },
      'assertions/S1.json': { storyId: 'S1', assertions: [] },
    };
    expect(v1ToV2(files)).toEqual({ write: {}, remove: [] });
    const once = v1ToV2({ 'assertions/S1.json': { assertions: [] }, 'project.json': {} });
    expect(v1ToV2(once.write)).toEqual({ write: {}, remove: [] });
  });

  it('does not touch values that are not objects (the store keeps those aside when it reads them)', () => {
    expect(v1ToV2({ 'assertions/S1.json': [1], 'project.json': 'x' })).toEqual({ write: {}, remove: [] });
  });

  it('is registered as the step from version 1', () => {
    expect(MIGRATIONS[1]).toBe(v1ToV2);
  });
});

describe('v2ToV3', () => {
  const meta = { cliVersion: '2.1.330', costUsd: 0.01, turns: 2, durationMs: 5, sessionId: 's', model: 'm' };
  const named = {
    provider: 'claude-cli',
    cliVersion: '2.1.330',
    engineVersion: '2.1.330',
    costUsd: 0.01,
    turns: 2,
    durationMs: 5,
    sessionId: 's',
    model: 'm',
  };

  it('names the Claude Code CLI in every call meta written before (history, RIS, plan revisions), keeping cliVersion', () => {
    const files = {
      'history/g1.json': { id: 'g1', meta },
      'ris/sp1/S1.json': { storyId: 'S1', meta: { ...meta, cliVersion: null } },
      'plans/sp1.json': { sprintId: 'sp1', revisions: [{ number: 1 }, { number: 2, meta }] },
      'stories/S1.json': { id: 'S1', meta },
    };
    expect(v2ToV3(files)).toEqual({
      write: {
        'history/g1.json': { id: 'g1', meta: named },
        'ris/sp1/S1.json': {
          storyId: 'S1',
          meta: { ...named, cliVersion: null, engineVersion: null },
        },
        'plans/sp1.json': { sprintId: 'sp1', revisions: [{ number: 1 }, { number: 2, meta: named }] },
      },
      remove: [],
    });
  });

  it('leaves a meta that names its engine alone, so running it again changes nothing', () => {
    const once = v2ToV3({ 'history/g1.json': { id: 'g1', meta }, 'plans/p.json': { revisions: [{ meta }] } });
    expect(v2ToV3(once.write)).toEqual({ write: {}, remove: [] });
    const anthropic = { ...named, provider: 'anthropic', cliVersion: null, engineVersion: null };
    expect(v2ToV3({ 'history/g2.json': { meta: anthropic } })).toEqual({ write: {}, remove: [] });
  });

  it('is registered as the step from version 2', () => {
    expect(MIGRATIONS[2]).toBe(v2ToV3);
  });
});
