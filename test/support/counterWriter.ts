// A separate Puffin-like process making `rounds` read-modify-writes of one counter file through serializeOnPath
// (run with `node --import tsx`): each reads the count, yields, and writes it back one higher.
import { readFile } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { serializeOnPath, writeFileAtomicNow } from '../../src/main/base/atomicFile';

const [file, roundsText] = process.argv.slice(2);
for (let r = 0; r < Number(roundsText); r++) {
  await serializeOnPath(file!, async () => {
    const count = Number(await readFile(file!, 'utf8').catch(() => '0'));
    await yieldToLoop();
    await writeFileAtomicNow(file!, String(count + 1));
  });
}
