import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PartialJsonParser } from './partialJsonParser';
import type { PreviewEvent } from './previewEvents';
import { sharedDataDir } from '../../../../test/support/sharedData';

const streamingDir = sharedDataDir('corpus', 'streaming');

interface ManifestDoc {
  file: string;
  chars: number;
  mainArray: string;
  mainArrayLength: number;
  checkpoints: { offset: number; closedTopLevelItems: number }[];
}
const manifest = JSON.parse(readFileSync(path.join(streamingDir, 'manifest.json'), 'utf8')) as {
  docs: Record<string, ManifestDoc>;
};
const docs = Object.entries(manifest.docs);
const DELTA = 20;

type ItemEvent = Extract<PreviewEvent, { type: 'item' }>;

describe('PartialJsonParser on the streaming corpus, 20-character deltas', () => {
  it('covers the four documents of the manifest', () => {
    expect(docs.map(([name]) => name).sort()).toEqual(
      ['escapes-unicode-600', 'long-strings-8x', 'prd-tasks-90', 'user-stories-200'].sort(),
    );
  });

  it.each(docs)(
    '%s: every checkpoint shows its closed items, and the end equals JSON.parse',
    (_name, doc) => {
      const text = readFileSync(path.join(streamingDir, doc.file), 'utf8');
      expect(text.length).toBe(doc.chars);
      const final = JSON.parse(text) as Record<string, unknown[]>;
      const finalItems = final[doc.mainArray]!;
      const parser = new PartialJsonParser();
      const items: ItemEvent[] = [];
      const others: PreviewEvent[] = [];
      let fed = 0;
      const feedTo = (offset: number) => {
        while (fed < offset) {
          const next = Math.min(fed + DELTA, offset); // land exactly on the checkpoint offset
          for (const e of parser.push(text.slice(fed, next))) (e.type === 'item' ? items : others).push(e);
          fed = next;
        }
      };
      for (const checkpoint of doc.checkpoints) {
        feedTo(checkpoint.offset);
        expect(items.length, `items at offset ${checkpoint.offset}`).toBeGreaterThanOrEqual(
          checkpoint.closedTopLevelItems,
        );
        const shown = (parser.snapshot() as Record<string, unknown[]>)[doc.mainArray] ?? [];
        expect(shown.slice(0, checkpoint.closedTopLevelItems)).toEqual(
          finalItems.slice(0, checkpoint.closedTopLevelItems),
        );
      }
      feedTo(text.length);
      expect(items.map((e) => e.index)).toEqual(finalItems.map((_, k) => k));
      for (const e of items) {
        expect(e.path).toEqual([doc.mainArray]);
        expect(e.value).toEqual(finalItems[e.index]);
      }
      expect(others).toEqual([{ type: 'done', value: final }]);
      expect(parser.isComplete).toBe(true);
      expect(parser.snapshot()).toEqual(final);
    },
  );

  it.each(['bench-75k.json', 'bench-150k.json', 'bench-300k.json'])(
    '%s: final snapshot equals JSON.parse',
    (file) => {
      const text = readFileSync(path.join(streamingDir, file), 'utf8');
      const parser = new PartialJsonParser();
      let count = 0;
      for (let i = 0; i < text.length; i += DELTA) {
        count += parser.push(text.slice(i, i + DELTA)).filter((e) => e.type === 'item').length;
      }
      const final = JSON.parse(text) as { stories: unknown[] };
      expect(count).toBe(final.stories.length);
      expect(parser.snapshot()).toEqual(final);
    },
  );

  it('survives seeded 1–16 character chunks that split escapes and surrogate pairs', () => {
    const text = readFileSync(path.join(streamingDir, 'escapes-unicode-600.json'), 'utf8');
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 16;
    const parser = new PartialJsonParser();
    for (let i = 0; i < text.length;) {
      const n = 1 + rand();
      const events = parser.push(text.slice(i, i + n));
      expect(events.filter((e) => e.type === 'error')).toEqual([]);
      i += n;
    }
    expect(parser.snapshot()).toEqual(JSON.parse(text));
  });
});
