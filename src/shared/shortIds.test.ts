import { describe, expect, it } from 'vitest';
import { isShortId, matchId, shortId, shortIds, withShortIds } from './shortIds';

const A = '6960112a-77b4-4f13-87c2-d2bb9fc8da27';
const B = '6960ff00-1111-4222-8333-444455556666';
const C = '0dfbaf15-a77b-413f-87c2-d2bb9fc8da27';

describe('short ids', () => {
  it('shows four characters, more where another id shares them', () => {
    expect(shortId(C, [A, B, C])).toBe('PUF-0dfb');
    expect(shortId(A, [A, B, C])).toBe('PUF-69601');
    expect(shortId(B, [A, B, C])).toBe('PUF-6960f');
    expect(shortId('s1', ['s1', 's2'])).toBe('PUF-s1');
    const sprints = ['sprint-mx0ex4dz-a3wwet', 'sprint-mx0f01aa-bbbbbb'];
    expect(sprints.map((id) => shortId(id, sprints))).toEqual(['PUF-mx0e', 'PUF-mx0f']);
    expect(matchId('PUF-mx0f', sprints)).toEqual({ kind: 'found', id: sprints[1] });
    expect(matchId(shortId('s1', ['s1', 's10']), ['s1', 's10'])).toEqual({ kind: 'found', id: 's1' });
  });

  it('gives every id of a list the short id shortId gives it, each one fitting that id alone', () => {
    const ids = Array.from({ length: 300 }, (_, i) => `${(i * 7919).toString(16).padStart(6, '0')}-x${i}`);
    const all = shortIds([...ids, A, B, C]);
    for (const id of [...ids, A, B, C]) {
      expect(all.get(id)).toBe(shortId(id, [...ids, A, B, C]));
      expect(matchId(all.get(id)!, [...ids, A, B, C])).toEqual({ kind: 'found', id });
    }
    expect(withShortIds([{ id: C }], [A, B, C])).toEqual([{ id: C, shortId: 'PUF-0dfb' }]);
  });

  it('finds a full id, or the one id a short id fits, in any case', () => {
    expect(matchId(A, [A, B])).toEqual({ kind: 'found', id: A });
    expect(matchId('PUF-0DFB', [A, C])).toEqual({ kind: 'found', id: C });
    expect(matchId('puf-69601', [A, B])).toEqual({ kind: 'found', id: A });
    expect(matchId(shortId(B, [A, B]), [A, B])).toEqual({ kind: 'found', id: B });
  });

  it('refuses to guess: several fit (the candidates), none fits, or it is no short id at all', () => {
    expect(matchId('PUF-6960', [A, B, C])).toEqual({ kind: 'ambiguous', candidates: [A, B] });
    expect(matchId('PUF-ffff', [A, B])).toEqual({ kind: 'none' });
    expect(matchId('6960', [A, B])).toEqual({ kind: 'unknown' });
    expect(isShortId('PUF-')).toBe(false);
  });

  it('takes a full id that looks like a short id as itself', () => {
    expect(matchId('PUF-1', ['PUF-1', 'puf1x'])).toEqual({ kind: 'found', id: 'PUF-1' });
  });
});
