import { describe, expect, it } from 'vitest';
import type { ReviewDraft, StoryDraft } from '../../shared/stories';
import { mergeLocked } from './mergeLocked';

const draft = (title: string, extra = ''): StoryDraft => ({
  title,
  description: `As a user, I want ${title}${extra} so that it works`,
  acceptanceCriteria: [`${title} criterion`],
});
const sent: ReviewDraft[] = [
  { ...draft('Login'), locked: true },
  { ...draft('Logout'), locked: false },
  { ...draft('Reset password'), locked: true },
  { ...draft('Profile'), locked: false },
];
const json = (s: unknown) => JSON.stringify(s);

describe('mergeLocked', () => {
  it('puts the original locked stories back, byte-identical and in place, whatever the model changed', () => {
    const answer = [
      draft('Login', ' (rewritten by the model)'),
      draft('Logout', ' improved'),
      { ...draft('Reset password'), acceptanceCriteria: ['changed'] },
      draft('Profile', ' improved'),
    ];
    const merged = mergeLocked(sent, answer);
    expect(json(merged[0])).toBe(json(sent[0]));
    expect(json(merged[2])).toBe(json(sent[2]));
    expect(merged[1]).toEqual({ ...draft('Logout', ' improved'), locked: false });
    expect(merged[3]).toEqual({ ...draft('Profile', ' improved'), locked: false });
  });

  it('recognises a locked story whose title the model changed by its position', () => {
    const answer = [draft('Sign in'), draft('Logout 2'), draft('Reset password'), draft('Profile 2')];
    const merged = mergeLocked(sent, answer);
    expect(merged.map((s) => s.title)).toEqual(['Login', 'Logout 2', 'Reset password', 'Profile 2']);
    expect(json(merged[0])).toBe(json(sent[0]));
  });

  it('keeps locked stories the model dropped or moved, and appends new stories at the end', () => {
    const answer = [draft('Profile v2'), draft('Logout v2'), draft('Login'), draft('Audit log')];
    const merged = mergeLocked(sent, answer);
    expect(merged.map((s) => [s.title, s.locked])).toEqual([
      ['Login', true],
      ['Profile v2', false],
      ['Reset password', true],
      ['Logout v2', false],
      ['Audit log', false],
    ]);
    expect(json(merged[2])).toBe(json(sent[2]));
  });

  it('drops unlocked stories the model removed', () => {
    const merged = mergeLocked(sent, [draft('Login'), draft('Reset password')]);
    expect(merged.map((s) => s.title)).toEqual(['Login', 'Reset password']);
  });

  it('with nothing locked, is the model answer with locked: false', () => {
    const open = sent.map((s) => ({ ...s, locked: false }));
    const answer = [draft('A'), draft('B')];
    expect(mergeLocked(open, answer)).toEqual(answer.map((a) => ({ ...a, locked: false })));
  });
});
