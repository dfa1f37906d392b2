import { describe, expect, it } from 'vitest';
import { bodyCounter } from './boundedFetch';

const bytes = (text: string) => new TextEncoder().encode(text);
const bounds = { lineBytes: 5, bodyBytes: 20 };

describe('bodyCounter', () => {
  it('lets lines at the bound through, across chunks and several in one chunk', () => {
    const count = bodyCounter('ollama', bounds);
    expect(count(bytes('12345\nab'))).toBeNull();
    expect(count(bytes('c\n1\n12345\n'))).toBeNull();
  });

  it('fails garbage_output for a line past the bound, whether it spans chunks or sits inside one', () => {
    const spanning = bodyCounter('openai', bounds);
    expect(spanning(bytes('123'))).toBeNull();
    expect(spanning(bytes('456'))?.code).toBe('garbage_output');
    const inside = bodyCounter('openai', bounds);
    expect(inside(bytes('1\n123456\n1'))?.code).toBe('garbage_output');
  });

  it('fails truncated once the whole body passes its bound, however short its lines', () => {
    const count = bodyCounter('gemini', bounds);
    expect(count(bytes('1234\n1234\n1234\n1234\n'))).toBeNull();
    expect(count(bytes('1\n'))?.code).toBe('truncated');
  });
});
