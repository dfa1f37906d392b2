import { describe, expect, it } from 'vitest';
import { frameCounter } from './boundedHandler';

const bounds = { lineBytes: 64, bodyBytes: 200 };

/** A frame as the event-stream prelude announces it: its total length first (big-endian), then its bytes. */
function frame(total: number): Buffer {
  const bytes = Buffer.alloc(total, 1);
  bytes.writeUInt32BE(total, 0);
  return bytes;
}

describe('frameCounter', () => {
  it('lets frames through whatever the chunking, and stops a frame announcing more than the bound at once', () => {
    const count = frameCounter(bounds);
    const two = Buffer.concat([frame(40), frame(64)]);
    // Split inside the second frame's length prefix.
    expect(count(two.subarray(0, 42))).toBeNull();
    expect(count(two.subarray(42))).toBeNull();
    const big = frame(65).subarray(0, 4);
    expect(count(big)).toMatchObject({ code: 'garbage_output' });
  });

  it('stops a body of many small frames once it passes the body bound', () => {
    const count = frameCounter(bounds);
    for (let i = 0; i < 5; i++) expect(count(frame(40))).toBeNull();
    expect(count(frame(40))).toMatchObject({ code: 'truncated' });
  });
});
