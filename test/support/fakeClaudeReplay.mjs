// How the fake CLI replays a transcript file. By default in one write, byte for byte. With
// FAKE_CLAUDE_REPLAY_WRITES=lines, one write per line, as the real CLI prints its events (the reader then gets the
// stdout chunks a pipe makes of many small writes, not one 4.8 MB write): still byte for byte.
import { env } from 'node:process';

/** Writes `text` through `write` (which resolves once the OS took it), in one piece or line by line. */
export async function replay(text, write) {
  if (env.FAKE_CLAUDE_REPLAY_WRITES !== 'lines') return write(text);
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    await write(text.slice(start, nl + 1));
    start = nl + 1;
  }
  if (start < text.length) await write(text.slice(start));
}
