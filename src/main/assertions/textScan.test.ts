import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locationAt, streamFindLiteral } from './textScan';
import { withTempDir } from '../../../test/support/assertions/assertionFixtures';

describe('locationAt', () => {
  it('turns an offset into a 1-based line and column', () => {
    const text = 'ab\ncd\nef';
    expect(locationAt('f', text, 0)).toEqual({ file: 'f', line: 1, column: 1 });
    expect(locationAt('f', text, 4)).toEqual({ file: 'f', line: 2, column: 2 });
    expect(locationAt('f', text, 6)).toEqual({ file: 'f', line: 3, column: 1 });
  });
});

describe('streamFindLiteral', () => {
  it('finds a needle that straddles chunk boundaries and reports its line and column', async () => {
    await withTempDir(async (dir) => {
      const file = path.join(dir, 'big.txt');
      await writeFile(file, 'line one\nline two\n  the NEEDLE is here\n');
      // 4-byte chunks: "NEEDLE" necessarily spans several reads.
      expect(await streamFindLiteral(file, 'NEEDLE', 4)).toEqual({ line: 3, column: 7 });
      expect(await streamFindLiteral(file, 'line two', 3)).toEqual({ line: 2, column: 1 });
      expect(await streamFindLiteral(file, 'absent', 4)).toBeNull();
    });
  });
});
