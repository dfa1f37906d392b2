import { describe, expect, it } from 'vitest';
import { PartialBatcher, type PartialEvent } from './partialBatcher';

function batcher() {
  const out: PartialEvent[] = [];
  return { b: new PartialBatcher((e) => out.push(e)), out };
}
const p = (text: string, block = 1): PartialEvent => ({ type: 'partial', text, block });

describe('PartialBatcher', () => {
  it('passes on nothing until flushed, then the fragments of a block joined in order', () => {
    const { b, out } = batcher();
    b.add(1, '');
    b.add(1, '{"a":');
    b.add(1, '1}');
    expect(out).toEqual([]);
    b.flush();
    expect(out).toEqual([p('{"a":1}')]);
    b.flush();
    expect(out).toHaveLength(1);
  });

  it('keeps blocks apart: a new block flushes the previous one first', () => {
    const { b, out } = batcher();
    b.add(1, '{"a"');
    b.add(1, ':1}');
    b.add(2, '');
    b.add(2, '[1]');
    b.flush();
    expect(out).toEqual([p('{"a":1}', 1), p('[1]', 2)]);
  });

  it('passes a lone empty fragment (a block announced at the end of a chunk) on as it is', () => {
    const { b, out } = batcher();
    b.add(3, '');
    b.flush();
    b.add(3, 'x');
    b.flush();
    expect(out).toEqual([p('', 3), p('x', 3)]);
  });
});
