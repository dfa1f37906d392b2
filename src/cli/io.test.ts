import { closeSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/support/scratchDir';
import { readAll, readFdToEnd, readStdin, type CliIo } from './io';

const io = (stdin: PassThrough, stdinFd?: number): CliIo => ({
  stdin,
  ...(stdinFd !== undefined ? { stdinFd } : {}),
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  env: {},
});

describe('readStdin', () => {
  it('reads stdin from its descriptor when it has one, never touching the stream', async () => {
    const file = path.join(scratchDir('puffin-io-'), 'prompt.txt');
    // More than one 64 KiB read; an odd number of ASCII bytes first, so a read ends inside a two-byte character.
    const start = 'Ada Lovelace is 36 ';
    expect(start.length % 2).toBe(1);
    const text = `${start}${'é'.repeat(70_000)}\n`;
    writeFileSync(file, text);
    const fd = openSync(file, 'r');
    try {
      const neverEnds = new PassThrough(); // reading it would never finish
      expect(await readStdin(io(neverEnds, fd))).toBe(text);
    } finally {
      closeSync(fd);
    }
  });

  it('reads the stream when there is no descriptor', async () => {
    const stream = new PassThrough();
    stream.end('from the stream');
    expect(await readStdin(io(stream))).toBe('from the stream');
  });
});

describe('readFdToEnd', () => {
  it('stops where the descriptor would block, and the stream goes on after what was read', async () => {
    const gathered = { chunks: [] as Buffer[], size: 0 };
    const reads = [Buffer.from('first part, ')];
    const read = (_fd: number, buffer: Buffer) => {
      const next = reads.shift();
      if (!next)
        throw Object.assign(new Error('EAGAIN: resource temporarily unavailable'), { code: 'EAGAIN' });
      return next.copy(buffer);
    };
    expect(readFdToEnd(0, gathered, 1024, read)).toBe(false);
    const rest = new PassThrough();
    rest.end('then the stream');
    expect(await readAll(rest, 1024, gathered)).toBe('first part, then the stream');
  });

  it('treats EOF as the end, passes other errors on, and keeps no more than the limit while draining', () => {
    const eof = { chunks: [] as Buffer[], size: 0 };
    let calls = 0;
    const read = (_fd: number, buffer: Buffer) => {
      calls++;
      if (calls <= 3) return Buffer.from('0123456789').copy(buffer);
      throw Object.assign(new Error('EOF: end of file'), { code: 'EOF' });
    };
    expect(readFdToEnd(0, eof, 15, read)).toBe(true);
    expect(calls).toBe(4); // the third read was drained, not kept
    expect(Buffer.concat(eof.chunks).toString()).toBe('01234567890123456789');
    const failing = () => {
      throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    };
    expect(() => readFdToEnd(0, { chunks: [], size: 0 }, 15, failing)).toThrow('EIO');
    // A read interrupted by a signal handler is made again.
    const replies: (string | Error)[] = [Object.assign(new Error('EINTR'), { code: 'EINTR' }), 'abc', ''];
    const interrupted = { chunks: [] as Buffer[], size: 0 };
    const readReplies = (_fd: number, buffer: Buffer) => {
      const reply = replies.shift()!;
      if (reply instanceof Error) throw reply;
      return Buffer.from(reply).copy(buffer);
    };
    expect(readFdToEnd(0, interrupted, 15, readReplies)).toBe(true);
    expect(Buffer.concat(interrupted.chunks).toString()).toBe('abc');
  });
});
