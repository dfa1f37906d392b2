import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDraft,
  DRAFT_MAX_AGE_MS,
  draftKey,
  fieldsDraft,
  pruneDrafts,
  readDraft,
  textDraft,
  textsByIdDraft,
  writeDraft,
} from './drafts';

const DAY = 24 * 60 * 60 * 1000;
const kept = (savedAt: number, value: unknown) => JSON.stringify({ savedAt, value });

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('drafts', () => {
  it('keeps a draft per project and purpose, until it is cleared', () => {
    writeDraft('/a', 'prompt', 'Export CSV');
    writeDraft('/a', 'feedback:s1', 'Fewer steps');
    expect(readDraft('/a', 'prompt', textDraft)).toBe('Export CSV');
    expect(readDraft('/a', 'feedback:s1', textDraft)).toBe('Fewer steps');
    expect(readDraft('/b', 'prompt', textDraft)).toBeNull();
    clearDraft('/a', 'prompt');
    expect(readDraft('/a', 'prompt', textDraft)).toBeNull();
    expect(readDraft('/a', 'feedback:s1', textDraft)).toBe('Fewer steps');
  });

  it('keeps paths and purposes that contain the other one’s characters apart', () => {
    writeDraft('/a","x', 'prompt', 'one');
    writeDraft('/a', 'x","prompt', 'two');
    expect(readDraft('/a","x', 'prompt', textDraft)).toBe('one');
    expect(readDraft('/a', 'x","prompt', textDraft)).toBe('two');
  });

  it('ignores corrupt, foreign, expired or unexpected content', () => {
    const key = draftKey('/a', 'prompt');
    for (const raw of ['{not json', '"text"', 'null', '{"value":"x"}', '{"savedAt":"now","value":"x"}']) {
      window.localStorage.setItem(key, raw);
      expect(readDraft('/a', 'prompt', textDraft)).toBeNull();
    }
    window.localStorage.setItem(key, kept(Date.now(), 42));
    expect(readDraft('/a', 'prompt', textDraft)).toBeNull();
    window.localStorage.setItem(key, kept(Date.now() - DRAFT_MAX_AGE_MS - DAY, 'old'));
    expect(readDraft('/a', 'prompt', textDraft)).toBeNull();
  });

  it('checks the shape of form and answer drafts', () => {
    const form = fieldsDraft(['title', 'status'] as const);
    expect(form({ title: 'T', status: 'done' })).toEqual({ title: 'T', status: 'done' });
    expect(form({ title: 'T' })).toBeNull();
    expect(form({ title: 'T', status: 3 })).toBeNull();
    expect(form(['T'])).toBeNull();
    expect(textsByIdDraft({ q1: 'yes', q2: '' })).toEqual({ q1: 'yes', q2: '' });
    expect(textsByIdDraft({ q1: 1 })).toBeNull();
    expect(textsByIdDraft('q1')).toBeNull();
  });

  it('prunes expired and corrupt drafts, then the oldest beyond the size bound, never other keys', () => {
    const now = Date.now();
    const s = window.localStorage;
    s.setItem('other-app', '{bad');
    s.setItem(draftKey('/a', 'old'), kept(now - DRAFT_MAX_AGE_MS - 1, 'x'));
    s.setItem(draftKey('/a', 'bad'), '{bad');
    s.setItem(draftKey('/a', 'older'), kept(now - 2 * DAY, 'a'.repeat(100)));
    s.setItem(draftKey('/a', 'newer'), kept(now - DAY, 'b'.repeat(100)));
    pruneDrafts(s, now, 200);
    expect(s.getItem('other-app')).toBe('{bad');
    expect(s.getItem(draftKey('/a', 'old'))).toBeNull();
    expect(s.getItem(draftKey('/a', 'bad'))).toBeNull();
    expect(s.getItem(draftKey('/a', 'older'))).toBeNull();
    expect(s.getItem(draftKey('/a', 'newer'))).not.toBeNull();
  });

  it('makes room when the storage is full, and never throws when it cannot', () => {
    window.localStorage.setItem(draftKey('/a', 'stale'), kept(Date.now() - DRAFT_MAX_AGE_MS - 1, 'x'));
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    setItem.mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeDraft('/a', 'prompt', 'kept after pruning');
    expect(readDraft('/a', 'prompt', textDraft)).toBe('kept after pruning');
    expect(window.localStorage.getItem(draftKey('/a', 'stale'))).toBeNull();

    setItem.mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeDraft('/a', 'prompt', 'no room')).not.toThrow();
    expect(readDraft('/a', 'prompt', textDraft)).toBe('kept after pruning');
  });

  it('works without a storage (disabled or sandboxed)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeDraft('/a', 'prompt', 'x')).not.toThrow();
    expect(readDraft('/a', 'prompt', textDraft)).toBeNull();
    expect(() => clearDraft('/a', 'prompt')).not.toThrow();
  });

  it('does not keep a draft over the size bound (nor an older copy of it)', () => {
    writeDraft('/a', 'prompt', 'short');
    writeDraft('/a', 'prompt', 'x'.repeat(1_000_001));
    expect(readDraft('/a', 'prompt', textDraft)).toBeNull();
  });
});
