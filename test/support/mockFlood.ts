// A server that never ends its line: the answer every HTTP engine and the CLI must bound.
import type http from 'node:http';

/** Writes `bytes` bytes with no newline, a MiB at a time as the socket takes them, until done or the client leaves. */
export function flood(res: http.ServerResponse, bytes: number): Promise<number> {
  const piece = Buffer.alloc(1024 * 1024, 'x');
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  res.write('data: ');
  const more = (): void => {
    while (sent < bytes && !res.destroyed) {
      sent += piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end();
  };
  const closed = new Promise<number>((resolve) => res.once('close', () => resolve(sent)));
  more();
  return closed;
}
